/** What a stored blob is known by: its SHA-256 is the key; MD5 and SHA-1 come from the same pass. */
export interface BlobInfo {
  key: string;
  size: number;
  sha256: string;
  md5: string;
  sha1: string;
}
