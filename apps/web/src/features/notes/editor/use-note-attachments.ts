import { NOTE_IMAGE_EXTENSIONS, NOTE_RECORD_EXTENSIONS, NoteBlockType, NoteMsg } from '@phonecloud/shared';
import { useState } from 'react';
import { shouldReport } from '../../../api';
import { useTransientText } from '../../../components/use-transient-text';
import { uploadNoteFile } from '../api/upload';
import { type DraftBlock, fileExtension, textBlock } from './draft';

const isOneOf = (list: readonly string[], name: string) => list.includes(fileExtension(name));

/**
 * Pictures and recordings into a note: the file's type checked first, then uploaded and added as
 * the last block; a refusal shows for a moment under the tools.
 */
export function useNoteAttachments(setBlocks: (change: (blocks: DraftBlock[]) => DraftBlock[]) => void) {
  const [fileError, showFileError] = useTransientText();
  const [uploading, setUploading] = useState(false);

  const upload = async (file: File, kind: 'image' | 'record') => {
    if (kind === 'image' && !isOneOf(NOTE_IMAGE_EXTENSIONS, file.name)) {
      showFileError(NoteMsg.IMAGE_FORMAT);
      return;
    }
    if (kind === 'record' && !isOneOf(NOTE_RECORD_EXTENSIONS, file.name)) {
      showFileError(NoteMsg.RECORD_FORMAT);
      return;
    }
    setUploading(true);
    try {
      const r = await uploadNoteFile(file, kind);
      const block: DraftBlock =
        kind === 'image'
          ? { key: textBlock().key, type: NoteBlockType.IMAGE, content: r.cloud_path }
          : {
              key: textBlock().key,
              type: NoteBlockType.RECORD,
              content: r.name || file.name,
              link: r.cloud_path,
            };
      setBlocks((blocks) => [...blocks, block]);
    } catch (e) {
      if (shouldReport(e)) showFileError(e instanceof Error ? e.message : NoteMsg.UPLOAD_FAILED);
    } finally {
      setUploading(false);
    }
  };

  return { upload, uploading, fileError };
}
