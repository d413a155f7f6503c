/** Texts of the notes area: the spec's to the letter, the product's own marked as such. */
export const NoteMsg = {
  // spec 001 §5, §8
  IMAGE_FORMAT: '请选择正确的图片格式，如jpg,png,jpeg!',
  BOARD_LIMIT: '黑板总数不超过5块!',
  BOARD_FULL: '这块黑板放不下了！',
  NO_BOARD: '请先添加一块黑板！',
  EXPORT_EMPTY: '暂无便签信息,无导出数据！',
  NET_LIST: '获取记事本数据失败，请重试！',
  NET_SERVER: '请求服务器失败,请重试！',
  DOWNLOAD_FAILED: '下载失败，请重试或者刷新！',

  // product texts (the spec describes these in English or leaves them "not shown")
  /** Spec: empty board text "drag a note here". */
  BOARD_EMPTY: '拖动便签到这里',
  EMPTY_BOX: '暂无便签，点击“新建便签”记录点什么吧',
  EMPTY_BIN: '回收站暂无便签',
  LOADING: '内容加载中...',
  SAVED: '已保存',
  CREATE: '新建便签',
  TITLE_PLACEHOLDER: '标题',
  DELETE_CONFIRM: '确定将该便签移到回收站吗？',
  RECYCLE_DELETE_CONFIRM: '彻底删除后无法恢复，确定删除吗？',
  RECYCLE_EMPTY_CONFIRM: '确定清空回收站吗？清空后无法恢复。',
  RECYCLE_HINT: '便签在回收站保留30天，之后自动彻底删除',
  RECYCLE_DROP: '拖到这里删除',
  RESTORED: '已恢复',
  DELETED: '已删除',
  NONE_SELECTED: '请选择便签',
  /** A save carried a stale version_code: the page's text. */
  CONFLICT_COPY: '该便签已在别处修改，您的内容已另存为一条新便签',
  /** Appended to the title of a conflict copy. */
  CONFLICT_TITLE_SUFFIX: '（冲突副本）',
  EMPTY_NOTE: '便签内容为空，未保存',
  STALE_VERSION: '该便签已在别处修改，请刷新后重试',
  NOT_FOUND: '便签不存在或已被删除',
  BOARD_NOT_FOUND: '黑板不存在，请刷新后重试',
  MEMBER_NOT_FOUND: '该便签已不在黑板上，请刷新后重试',
  BOARD_NOT_EMPTY: '黑板上还有便签，请先移走便签再删除',
  BOARD_LAST: '至少保留一块黑板',
  ADD_BOARD: '添加黑板',
  DELETE_BOARD_CONFIRM: '确定删除这块黑板吗？',
  BAD_REQUEST: '请求参数不正确',
  TITLE_TOO_LONG: '标题不能超过100个字符',
  TEXT_TOO_LONG: '便签内容过长，请分成几条便签',
  RECORD_FORMAT: '请选择正确的录音格式，如m4a,mp3,ogg,wav!',
  FILE_MISSING: '图片或录音不存在，请重新上传',
  IMAGE_BROKEN: '图片读取失败，请选择其他图片',
  FILE_TOO_LARGE: '文件超出了大小上限，请选择小一些的文件',
  UPLOAD_FAILED: '上传失败，请重试',
  RECORD_NOT_PLAYABLE: '浏览器无法播放该录音，请下载后收听',
  RECORD_DOWNLOAD: '下载录音',
  EXPORT_TITLE: '导出便签',
  EXPORT_HINT: '导出为 Markdown 文件（含图片和录音）的 zip 压缩包，无需本产品即可阅读',
  JUST_NOW: '刚刚',
  /** An attachment's stored bytes were found changed by the store check (HTTP 409, product text). */
  FILE_DAMAGED: '附件内容已损坏，无法打开。请重新添加该附件，或联系管理员从备份恢复',
} as const;

/** The colour marks' names (product texts), by `classify`. */
export const NOTE_COLOR_NAMES = ['黄色', '绿色', '蓝色', '红色'] as const;

/** The export file's name (product text). */
export function noteExportFileName(stamp: string): string {
  return `便签_${stamp}.zip`;
}
