/** Types for the part of subset-font 2.9 (plain JS, no typings) that web/font-subsets.ts uses. */
declare module 'subset-font' {
  export interface SubsetFontOptions {
    /** The format written: 'sfnt' (TrueType/OpenType), 'woff' or 'woff2'; by default the input's. */
    targetFormat?: 'sfnt' | 'woff' | 'woff2';
  }
  /** The font (SFNT, WOFF or WOFF2) cut down to the glyphs of `text` and those its shaping reaches. */
  export default function subsetFont(font: Buffer, text: string, options?: SubsetFontOptions): Promise<Buffer>;
}
