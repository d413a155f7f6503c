/** A decoded picture: RGBA, 4 bytes a pixel, upright. */
export interface DecodedPicture {
  width: number;
  height: number;
  data: Uint8Array;
}

/** libheif in WebAssembly (heic-decode, loaded on first use) on the calling thread. */
export async function decodeHeicHere(bytes: Uint8Array): Promise<DecodedPicture> {
  const { default: decode } = await import('heic-decode');
  const image = await decode({ buffer: bytes });
  const data = new Uint8Array(image.data.buffer, image.data.byteOffset, image.data.byteLength);
  return { width: image.width, height: image.height, data };
}
