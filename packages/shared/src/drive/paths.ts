/** Paths of the drive, both variants and the upload host; same origin by default. */
export const DriveApi = {
  /** Drive token for the newer variant (GET, gated by 6001). */
  token: '/user/ali_oauth_token.do',
  /** Refreshes the older variant's drive session (GET, gated by 6001). */
  refreshYun: '/user/refreshYun.do',

  // newer variant: POST JSON with `Authorization: Bearer <access_token>`
  v2DriveGet: '/v2/drive/get',
  v2List: '/v2/file/list',
  v2Scan: '/v2/file/scan',
  v2Create: '/v2/file/create',
  v2Complete: '/v2/file/complete',
  /** Fresh part URLs of an upload in progress (they expire before the session). */
  v2GetUploadUrl: '/v2/file/get_upload_url',
  v2Update: '/v2/file/update',
  v2Move: '/v2/file/move',
  v2Delete: '/v2/file/delete',
  v2Get: '/v2/file/get',
  v2DownloadUrl: '/v2/file/get_download_url',
  v2ZipUrl: '/v2/file/get_zip_url',
  v2Batch: '/v2/batch',
  v2RecycleList: '/v2/recyclebin/list',
  v2RecycleRestore: '/v2/recyclebin/restore',
  v2RecycleDelete: '/v2/recyclebin/delete',
  v2RecycleClear: '/v2/recyclebin/clear',

  // older variant: cookie session plus the drive session of refreshYun.do
  v1List: '/v1/files/list.json',
  v1Quota: '/v1/users/queryQuota.json',
  v1Add: '/v1/files/add.json',
  v1Rename: '/v1/files/rename.json',
  v1Move: '/v1/files/move.json',
  /**
   * The product's move beside the spec's: `{ids, targetId, ondup: fail|newcopy|overwrite}`, the
   * same answer as move.json; what the page uses for the items a name conflict held back.
   */
  v1MoveOndup: '/v1/files/moveOndup.json',
  v1DownloadUrl: '/v1/files/downloadUrl.json',
  v1UploadUrl: '/v1/files/uploadUrl.json',
  v1PackageUrl: '/v1/files/packageUrl.json',
  v1Remove: '/v1/files/remove.json',
  v1Delete: '/v1/files/delete.json',
  v1Restore: '/v1/files/restore.json',
  v1Empty: '/v1/files/empty.json',
  v1InfoByPath: '/v1/files/infoByPath.json',
  v1InfoById: '/v1/files/infoById.json',
  v1Recycle: '/v1/files/recycle.json',

  // upload host (secureUploadDomain), token in the query
  uploadFile: '/rest/4.0/file',
  uploadHead: '/rest/4.0/file/head',
} as const;
