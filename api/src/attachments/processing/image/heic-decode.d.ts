/** heic-decode ships no types: the part of its API used here (libheif compiled to WebAssembly, HEVC included). */
declare module 'heic-decode' {
  interface DecodedImage {
    width: number;
    height: number;
    /** RGBA, 4 bytes a pixel, the file's rotation and mirroring already applied. */
    data: Uint8ClampedArray;
  }
  interface HeifImage {
    width: number;
    height: number;
    decode(): Promise<DecodedImage>;
  }
  interface DecodeInput {
    buffer: Buffer | Uint8Array;
  }
  function decode(input: DecodeInput): Promise<DecodedImage>;
  namespace decode {
    /** Parses the file without decoding pixels; `dispose()` frees the decoder's memory. */
    function all(input: DecodeInput): Promise<HeifImage[] & { dispose(): void }>;
  }
  export = decode;
}
