/** Every HTTP path of the contacts area (spec 001 §7, plus the downloads the spec leaves open). */
export const ContactApi = {
  list: '/contact/list.do',
  refresh: '/contact/refresh.do',
  detail: '/contact/detail.do',
  save: '/contact/save.do',
  delete: '/contact/delete.do',
  recycleList: '/contact/recycle_bin/list.do',
  recycleRecover: '/contact/recycle_bin/recover.do',
  recycleFullRecover: '/contact/recycle_bin/fullrecover.do',
  recycleEmpty: '/contact/recycle_bin/empty.do',
  recycleDelete: '/contact/recycle_bin/delete.do',
  upload: '/contact/attachment/upload.do',
  /** GET `${avatar}/<key>`: an avatar's bytes (the `cloud_path` of an attachment). */
  avatar: '/contact/attachment/file',
  timeMachineList: '/contact/time_machine/list.do',
  timeMachineChange: '/contact/time_machine/change.do',
  timeMachineRecover: '/contact/time_machine/recover.do',
  groupAdd: '/contact/group/add.do',
  groupUpdate: '/contact/group/update.do',
  groupDelete: '/contact/group/delete.do',
  groupJoin: '/contact/group/join.do',
  export: '/contact/export.do',
  /** GET `${exportFile}/<id>/<file name>`: the `filePath` export.do answers. */
  exportFile: '/contact/export/file',
  import: '/contact/inport.do',
  repeatList: '/contact/repeat_list.do',
  merge: '/contact/merge.do',
} as const;
