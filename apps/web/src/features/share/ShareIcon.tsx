import { FileKindIcon } from '../../components/FileKindIcon';

export function ShareIcon({ name, folder }: { name: string; folder: boolean }) {
  return <FileKindIcon name={name} folder={folder} prefix="share-icon" />;
}
