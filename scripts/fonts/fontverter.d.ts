/** fontverter ships no types; this is the one function the font scripts use. */
declare module "fontverter" {
  type Format = "sfnt" | "truetype" | "woff" | "woff2";
  const fontverter: {
    convert(font: Buffer | Uint8Array, toFormat: Format, fromFormat?: Format): Promise<Buffer>;
  };
  export default fontverter;
}
