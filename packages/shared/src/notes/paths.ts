/** Every HTTP path of the notes area (spec 001 §7, plus the files and calls the spec leaves open). */
export const NoteApi = {
  list: '/note/list.do',
  detail: '/note/detail.do',
  save: '/note/save.do',
  /** Multipart: `file`, the fixed `token` field (NOTE_UPLOAD_TOKEN_FIELD) and optional `type`. */
  upload: '/note/upload.do',
  delete: '/note/delete.do',
  export: '/note/export_note_data.do',
  boardAdd: '/note/blackboard/add.do',
  boardDelete: '/note/blackboard/delete.do',
  boardMove: '/note/blackboard/move.do',
  boardMoveOut: '/note/blackboard/moveout.do',
  recycleList: '/note/recycle_bin/list.do',
  recycleDelete: '/note/recycle_bin/delete.do',
  recycleRecover: '/note/recycle_bin/recover.do',
  recycleFullRecover: '/note/recycle_bin/fullrecover.do',
  // Not in the spec: emptying the bin in one call (the page's "empty" button), as contacts have.
  recycleEmpty: '/note/recycle_bin/empty.do',
  /** GET `${file}/<key>`: an image's or a recording's bytes (the `cloud_path` upload.do answers). */
  file: '/note/attachment/file',
  /** GET `${exportFile}/<id>/<file name>`: the `filePath` export_note_data.do answers. */
  exportFile: '/note/export/file',
} as const;
