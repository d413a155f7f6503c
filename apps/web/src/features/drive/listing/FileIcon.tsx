import { FileKindIcon } from '../../../components/FileKindIcon';

export function FileIcon({ name, folder }: { name: string; folder: boolean }) {
  return <FileKindIcon name={name} folder={folder} prefix="drive-icon" />;
}
