import { useQueries } from '@tanstack/react-query';
import { Breadcrumb } from 'antd';
import { Link } from 'react-router-dom';
import { DriveText } from '../texts';
import type { DriveBackend } from '../types';
import { chainRoute } from './chain';
import { driveKeys } from './use-folder-listing';

/** The chain of the route with each folder's name; every ancestor is a link back (spec 000 §2). */
export function DriveBreadcrumb({ backend, chain }: { backend: DriveBackend; chain: readonly string[] }) {
  const names = useQueries({
    queries: chain.slice(1).map((id) => ({
      queryKey: driveKeys.name(backend, id),
      queryFn: async () => {
        await backend.prepare();
        return backend.folderName(id);
      },
      staleTime: Number.POSITIVE_INFINITY,
    })),
  });
  const label = (i: number) => (i === 0 ? DriveText.ALL_FILES : (names[i - 1]?.data ?? '…'));
  return (
    <Breadcrumb
      className="drive-breadcrumb"
      items={chain.map((_, i) => ({
        key: chain.slice(0, i + 1).join('.'),
        title:
          i === chain.length - 1 ? (
            <span className="drive-breadcrumb__current">{label(i)}</span>
          ) : (
            <Link to={chainRoute(backend.variant, chain.slice(0, i + 1))}>{label(i)}</Link>
          ),
      }))}
    />
  );
}
