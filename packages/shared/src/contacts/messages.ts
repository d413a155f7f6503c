import type { NamePart } from './types.js';
/** Texts of the contacts area: the spec's to the letter, the product's own marked as such. */
export const ContactMsg = {
  // spec 001 §5
  NAME_REQUIRED: '名字不能为空！',
  DATE_FORMAT: '请按照“年-月-日”的格式输入日期（例如公历：2011-06-09/农历：2011-6-9）',
  DATE_YEAR: '请输入合适的年份（1900--2049）',
  EMAIL_FORMAT: '输入正确的电子邮箱格式',
  PHONE_CHARS: '电话项只能使用 数字、小括号、+、-、.、*、#、空格',
  WEBSITE_FORMAT: '输入正确的网址',
  GROUP_NAME_EMPTY: '群组名称不能为空',
  GROUP_NAME_EXISTS: '该群名已经存在',
  GROUP_LIMIT: '您的群组数量已达到上限',
  AVATAR_BAD: '头像读取失败，请选择正确的图片格式文件（如：jpg、png、gif等）',
  AVATAR_TOO_SMALL: '图片太小，请选择大一点的头像!',
  // The spec gives this one in English only; this is its Chinese wording.
  IMPORT_FORMAT: '文件格式不正确，仅支持vCard格式，请重新选择',
  EXPORT_EMPTY: '暂无联系人,无导出数据！',
  NET_LIST: '获取列表数据失败，请重试!',
  DOWNLOAD_FAILED: '下载失败，请重试或者刷新！',

  // product texts (the spec leaves these "not shown")
  GROUP_NAME_TOO_LONG: '群组名称不能超过12个字符',
  GROUP_NOT_FOUND: '该群组不存在',
  STALE_VERSION: '该联系人已在别处被修改，请刷新后重试',
  NOT_FOUND: '联系人不存在或已被删除',
  NONE_SELECTED: '请选择联系人',
  BAD_REQUEST: '请求参数不正确',
  FULL_RELOAD: '通讯录已更新，请重新加载',
  AVATAR_MISSING: '头像不存在，请重新上传',
  IMPORT_EMPTY: '请选择要导入的vCard文件',
  IMPORT_TOO_LARGE: '文件过大，请分批导入',
  IMPORT_NO_CARD: '文件中没有可读取的联系人',
  IMPORT_CARD_BROKEN: '联系人格式有误，已跳过',
  IMPORT_CSV_LAYOUT: '无法识别该CSV文件，请使用Google通讯录或Outlook导出的CSV文件',
  IMPORT_CARD_NO_NAME: '联系人没有名字，已跳过',
  TIME_MACHINE_NODE_GONE: '该时间点已不存在，请刷新后重试',
  MERGE_NOTHING: '合并失败，请重新查找重复联系人',
  CREATE_GROUP_FIRST: '请先创建群组',
  /** The avatar's stored bytes were found changed by the store check (HTTP 409, product text). */
  AVATAR_DAMAGED: '头像图片已损坏，请重新设置头像，或联系管理员从备份恢复',
} as const;

const FIELD_LABEL = {
  name: '名字',
  familyName: '姓',
  middleName: '中间名',
  prefix: '前缀',
  suffix: '后缀',
  phonetic: '姓名拼音',
  company: '公司',
  title: '职位',
  phone: '电话',
  email: '邮箱',
  im: '即时通讯',
  customProtocol: '自定义通讯类型',
  address: '地址',
  addressStreet: '街道',
  addressCity: '城市',
  addressRegion: '省/州',
  addressPostcode: '邮编',
  addressCountry: '国家/地区',
  addressPoBox: '邮政信箱',
  addressExtended: '附加地址',
  nickname: '昵称',
  website: '网址',
  note: '备注',
} as const;
export type ContactField = keyof typeof FIELD_LABEL;

/** The field each structured-name part is checked and reported as. */
export const NAME_PART_FIELD: Record<NamePart, ContactField> = {
  family_name: 'familyName',
  middle_name: 'middleName',
  prefix: 'prefix',
  suffix: 'suffix',
};
/** A field's name as the editor and the messages show it. */
export const contactFieldLabel = (field: ContactField): string => FIELD_LABEL[field];

/** A field over its length limit (product text; the editor's inputs stop at the limit anyway). */
export function fieldTooLong(field: ContactField, max: number): string {
  return `${FIELD_LABEL[field]}不能超过${max}个字符`;
}
/** Search result count of the list (product wording of the spec's 'found N contacts'). */
export function foundContacts(n: number): string {
  return n > 0 ? `找到 ${n} 个联系人` : '没有找到相关联系人';
}
/** Merge success (spec: 'merged N groups'). */
export function mergedGroups(n: number): string {
  return `成功合并${n}组联系人`;
}

/** Lines of an import report and the export file's name (product texts). */
export const ImportText = {
  /** Where a report line comes from: the file (when several), the card's place and its name. */
  where: (file: string | null, index: number, name = '') =>
    `${file ? `${file} ` : ''}第${index}个联系人${name ? `“${name}”` : ''}`,
  phoneUnreadable: '电话号码无法识别，未导入',
  emailBad: (v: string) => `邮箱“${v}”格式不正确，未导入`,
  websiteBad: (v: string) => `网址“${v}”格式不正确，未导入`,
  dateBad: (v: string) => `日期“${v}”不正确，未导入`,
  noteCut: (max: number) => `备注超过${max}字，已截断`,
  /** A text over its limit, cut: which field, and the limit. */
  fieldCut: (field: ContactField, max: number) => `${FIELD_LABEL[field]}超过${max}个字符，已截断`,
  /** An entry over its limit that cannot be cut (an address or link cut short would be wrong). */
  fieldTooLong: (field: ContactField, value: string, max: number) =>
    `${FIELD_LABEL[field]}“${value}”超过${max}个字符，未导入`,
  /** A line of the card that could not be read; the rest of the card is kept. */
  lineDropped: (property: string) => `无法读取的“${property}”项，未导入`,
  cardNoEnd: '名片缺少结尾（END:VCARD），已导入读到的部分',
  phoneExtension: (number: string, ext: string) => `电话“${number}”的分机号“${ext}”另存为备注`,
  groupCut: (name: string, max: number, cut: string) => `群组名称“${name}”超过${max}个字符，已截断为“${cut}”`,
  groupsSkipped: '已按选择不导入分类（CATEGORIES）',
  photoBad: (why: string) => `头像无法读取，未导入（${why}）`,
  photoLink: '头像为网络链接，未导入',
  groupsDropped: (names: readonly string[]) => `群组数量已达上限，以下群组未导入：${names.join('、')}`,
  exportFileName: (stamp: string, extension = '.vcf') => `通讯录_${stamp}${extension}`,
} as const;
