/**
 * What uploading needs (spec 000 §5): file reading, Blob slicing and drag and drop. Browsers that
 * lack one get '浏览器版本过低，请更换高级浏览器!' instead of an upload that breaks half way.
 */
export function canUpload(): boolean {
  return (
    typeof FileReader !== 'undefined' &&
    typeof Blob !== 'undefined' &&
    typeof Blob.prototype.slice === 'function' &&
    'draggable' in document.createElement('span')
  );
}
