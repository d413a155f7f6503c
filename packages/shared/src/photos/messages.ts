/** The photo area's texts (the spec has none for it; docs/photos.md). */
export const PhotoMsg = {
  BAD_REQUEST: '请求参数错误',
  NOT_FOUND: '照片不存在或已删除',
  ALBUM_NOT_FOUND: '相册不存在',
  ALBUM_NAME_EMPTY: '请输入相册名称',
  ALBUM_NAME_TOO_LONG: '相册名称不能超过40个字',
  ALBUM_NAME_EXISTS: '相册名称已存在',
  ALBUMS_TOO_MANY: '相册数量已达上限',
  COVER_NOT_IN_ALBUM: '封面照片须在相册中',
  BAD_HASH: '文件校验值错误',
  HASH_MISMATCH: '文件内容与校验值不符，请重新上传',
  NOT_A_PHOTO: '只能备份图片和视频文件',
  TOO_LARGE: '文件过大，无法备份',
  UPLOAD_GONE: '上传已过期，请重新上传',
  UPLOAD_INCOMPLETE: '文件尚未上传完整',
  WATCH_FOLDER_BAD: '文件夹路径不正确',
  WATCH_FOLDER_ROOT: '请选择云盘中的一个文件夹，不能是根目录',
  WATCH_FOLDER_IS_FILE: '该路径是一个文件，请选择文件夹',
  /**
   * The photo's stored bytes were found changed by the store check (HTTP 409): the phone that
   * still has it sends it again at its next backup, which puts it right.
   */
  DAMAGED:
    '照片内容已损坏，无法查看或下载。手机上还有这张照片时，下次备份会自动修复；否则请联系管理员从备份恢复',
} as const;
