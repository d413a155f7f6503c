/** Chinese texts of the drive, to the letter of spec 000 §5 and §8, and the product's own beside them. */
export const DriveMsg = {
  // §5 folder names
  FOLDER_NAME_EMPTY: '文件夹名不能为空!',
  NAME_BAD_CHARS: '不可包含／：*“?<>字符',
  NAME_PLACEHOLDER_CHARS: '／：*“?<>',
  FOLDER_EXISTS_V2: '文件夹名已经存在!',
  FOLDER_EXISTS_V1: '相同文件夹已经存在！',
  RENAME_EXISTS_V2: '文件夹名已经存在，请重新命名!',
  // §5 move
  MOVE_NO_TARGET: '请选择一个文件夹！',
  MOVE_INTO_SELF: '不能将文件移动到自身目录下或者所在目录',
  MOVE_INTO_SUBFOLDER: '不能将文件夹移动到子文件夹下!',
  MOVE_OK: '移动文件成功！',
  MOVE_PARTIAL: '部分文件移动失败，请尝试单个移动!',
  // §5 upload
  QUOTA_EXCEEDED: '云盘可用空间不足！请整理云盘或在手机端扩容',
  QUOTA_OK_BUTTON: '知道了',
  BROWSER_TOO_OLD: '浏览器版本过低，请更换高级浏览器!',
  REUPLOAD: '重新上传',
  // §5 batch limits
  DELETE_LIMIT: '单次批量删除限制100个文件,请重新选择文件！',
  RESTORE_LIMIT: '单次批量恢复限制100个文件,请重新选择文件！',
  EMPTY_LIMIT: '清空回收站限制100个文件,请选择批量删除！',
  // §8
  RESTORE_EXISTS: '恢复失败，恢复到所在目录已经存在相同文件!',
  SAME_NAME_409: '同名文件夹或者同名文件已经存在！',
  DELETE_PARTIAL: '部分删除失败，请重新选择删除！',
  RESTORE_PARTIAL: '部分恢复失败，请重新选择恢复！',
  NET_DELETE: '删除失败，请重试!',
  NET_MOVE: '移动失败!',
  NET_MKDIR: '创建文件夹目录失败，请重试!',
  NET_RENAME: '更改名字失败，请重试!',
  NET_DOWNLOAD_URL: '获取下载地址失败，请重试!',
  NET_UPLOAD_URL: '获取上传地址失败，请重试!',
  NET_RESTORE: '恢复失败，请重试!',
  NET_QUICK_UPLOAD: '秒传失败，请重试!',
  EMPTY_NO_FILES: '暂无文件',
  EMPTY_FOLDER: '这里是空的',

  // product texts (the spec leaves these "not shown")
  NAME_EXISTS: '文件或文件夹已经存在，请先重命名',
  FOLDER_MISSING: '文件夹不存在',
  NOT_FOUND: '文件不存在或已被删除',
  NAME_TOO_LONG: '名称不能超过38个字符',
  FILE_NAME_TOO_LONG: '文件名不能超过255个字符',
  NAME_RESERVED: '名称不可用',
  DOWNLOAD_TOO_MANY: '单次下载最多200个文件',
  DOWNLOAD_TOO_LARGE: '单次下载最大500M',
  BATCH_TOO_LARGE: '单次批量操作最多100个',
  UPLOAD_GONE: '上传任务不存在或已过期，请重新上传',
  UPLOAD_SIZE_MISMATCH: '上传的文件大小与声明的不一致',
  QUICK_PROOF_WRONG: '秒传校验失败',
  TOKEN_EXPIRED: '云盘授权已过期，请刷新',
  ROOT_READONLY: '根目录不可操作',
  /** The store check found the stored bytes changed: downloads are refused until they are put right. */
  /** A download the server refused without a text of its own (spec 001 §7's words). */
  DOWNLOAD_FAILED: '下载失败，请重试或者刷新！',
  FILE_DAMAGED: '文件内容已损坏，无法下载。请重新上传原文件，或联系管理员从备份恢复',
} as const;
