/** Every HTTP path of the text-messages area (spec 001 §7, plus the download the spec leaves open). */
export const SmsApi = {
  list: '/sms/list.do',
  detail: '/sms/detail.do',
  refresh: '/sms/refresh.do',
  delete: '/sms/delete.do',
  favourite: '/sms/favourite.do',
  // Not in the spec: one message deleted (users of other phone clouds expect it), not only a
  // whole conversation.
  deleteMessage: '/sms/delete_message.do',
  export: '/sms/export_sms_data.do',
  // Not in the spec: server-side search over the whole box (spec 001 §5 rules), paged.
  search: '/sms/search.do',
  /** GET `${exportFile}/<id>/<file name>`: the `filePath` export_sms_data.do answers. */
  exportFile: '/sms/export/file',
  /** GET `${mmsFile}/<key>`: an MMS picture shown in its bubble (served as an attachment-safe image). */
  mmsFile: '/sms/attachment/file',
} as const;
