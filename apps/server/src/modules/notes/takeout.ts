import type { TakeoutPart } from '../../platform/takeout-part.js';
import { NoteExportService } from './export.js';
import { NotesService } from './service.js';

/** The notes' folder of 导出全部数据: the same files as the notes' own export. */
export const notesTakeout: TakeoutPart = {
  folder: '笔记',
  readme: [
    {
      path: '',
      text: '笔记，每条一个 Markdown（.md）文件：可用任何文本编辑器、Typora、Obsidian 或 VS Code 打开',
    },
    { path: 'images/', text: '笔记中的图片（JPEG/PNG），Markdown 文件以相对路径引用' },
    { path: 'recordings/', text: '笔记中的录音（m4a、mp3 等），可用任何音乐播放器打开' },
  ],
  estimate: (deps, userId) => new NotesService(deps).usageBytes(userId),
  entries: (deps, userId) => new NoteExportService(deps).files(userId),
};
