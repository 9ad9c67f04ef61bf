/**
 * Marian's binary model format (`.bin`), as read by the WASM build of bergamot-translator.
 * Our own implementation of the layout described by marian-dev `src/common/binary.cpp`:
 *
 *   u64 version (= 1)
 *   u64 count
 *   count x { u64 nameLength (with the NUL), u64 type, u64 shapeLength, u64 dataLength }
 *   count x name bytes, NUL-terminated
 *   count x shapeLength x i32 dimensions
 *   u64 padding length, then that many zero bytes, so that the data starts on a 256-byte boundary
 *   count x data (each item's dataLength bytes; Marian pads every item to a multiple of 256)
 *
 * All integers little-endian. Type codes from marian `src/common/types.h`:
 * a type class (signed 0x100, unsigned 0x200, float 0x400) plus the element size in bytes.
 * The WASM build adds intgemm types (int8/int16 packed for integer GEMM) that we only recognise.
 */
export const BINARY_FILE_VERSION = 1;

export const MarianType = {
  int8: 0x100 + 1,
  int16: 0x100 + 2,
  int32: 0x100 + 4,
  int64: 0x100 + 8,
  uint8: 0x200 + 1,
  uint16: 0x200 + 2,
  uint32: 0x200 + 4,
  uint64: 0x200 + 8,
  float16: 0x400 + 2,
  float32: 0x400 + 4,
  float64: 0x400 + 8,
  /**
   * browsermt's intgemm class (0x4000) + int8: int8 weights quantized but not packed (the
   * "architecture agnostic" layout of Mozilla's `*.intgemm.alphas.bin`); see int8Item.
   */
  intgemm8: 0x4000 + 0x100 + 1,
} as const;

const ALIGNMENT = 256;
const HEADER_BYTES = 32;

export interface MarianItem {
  name: string;
  shape: number[];
  type: number;
  /** Raw bytes (unpadded); the writer pads them to a multiple of 256. */
  data: Uint8Array;
}

export interface MarianItemInfo {
  name: string;
  shape: number[];
  type: number;
  /** Offset of the item's data in the file. */
  offset: number;
  /** Stored length (with padding). */
  dataLength: number;
}

/** Size in bytes of one element of a Marian type (its low byte). */
export function elementSize(type: number): number {
  return type & 0xff;
}

export function isFloatType(type: number): boolean {
  return (type & 0x400) !== 0;
}

function roundUp(value: number, multiple: number): number {
  return Math.ceil(value / multiple) * multiple;
}

/** A float32 tensor item. `values.length` must equal the product of `shape`. */
export function float32Item(name: string, shape: number[], values: Float32Array): MarianItem {
  const elements = shape.reduce((a, b) => a * b, 1);
  if (values.length !== elements) {
    throw new Error(`Tensor ${name}: ${values.length} values for shape [${shape.join(', ')}]`);
  }
  return { name, shape, type: MarianType.float32, data: new Uint8Array(values.buffer, values.byteOffset, values.byteLength) };
}

/**
 * An intgemm8 weight as browsermt marian-conv writes it (`--gemm-type intgemm8`): the matrix
 * quantized to int8 with quantMult = 127 / max|w| (rounded, within -127..127), stored
 * transposed (row-major [cols][rows]) except the embeddings `Wemb`, followed by the quantMult
 * as one float32; the engine prepares it for its integer GEMM when it loads the model.
 * `shape` stays the float matrix's [rows, cols].
 */
export function int8Item(name: string, shape: [number, number], values: Float32Array, transpose: boolean): MarianItem {
  const [rows, cols] = shape;
  if (values.length !== rows * cols) throw new Error(`Tensor ${name}: ${values.length} values for shape [${shape.join(', ')}]`);
  let max = 0;
  for (const v of values) max = Math.max(max, Math.abs(v));
  const quantMult = max > 0 ? 127 / max : 1;
  const data = new Uint8Array(rows * cols + 4);
  const q = new Int8Array(data.buffer, 0, rows * cols);
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      const value = Math.max(-127, Math.min(127, Math.round(values[r * cols + c]! * quantMult)));
      q[transpose ? c * rows + r : r * cols + c] = value;
    }
  }
  new DataView(data.buffer).setFloat32(rows * cols, quantMult, true);
  return { name, shape, type: MarianType.intgemm8, data };
}

/**
 * The `special:model.yml` item: the model's configuration as a NUL-terminated string of
 * type int8 with shape [length + 1] (marian `io::addMetaToItems`).
 */
export function yamlItem(yaml: string, name = 'special:model.yml'): MarianItem {
  const text = Buffer.from(yaml, 'utf8');
  const data = new Uint8Array(text.length + 1);
  data.set(text, 0);
  return { name, shape: [data.length], type: MarianType.int8, data };
}

export function writeMarianBinary(items: MarianItem[]): Buffer {
  const names = items.map((item) => Buffer.from(`${item.name}\0`, 'utf8'));
  const dataLengths = items.map((item) => roundUp(item.data.byteLength, ALIGNMENT));

  let pos = 8 + 8 + HEADER_BYTES * items.length;
  pos += names.reduce((sum, name) => sum + name.length, 0);
  pos += items.reduce((sum, item) => sum + 4 * item.shape.length, 0);
  // Same rule as marian's saveItems: the u64 padding length, then padding, then data on a 256 boundary.
  const dataStart = (Math.floor((pos + 8) / ALIGNMENT) + 1) * ALIGNMENT;
  const padding = dataStart - pos - 8;
  const total = dataStart + dataLengths.reduce((a, b) => a + b, 0);

  const out = Buffer.alloc(total);
  let at = 0;
  const u64 = (value: number) => {
    out.writeBigUInt64LE(BigInt(value), at);
    at += 8;
  };
  u64(BINARY_FILE_VERSION);
  u64(items.length);
  items.forEach((item, i) => {
    u64(names[i]!.length);
    u64(item.type);
    u64(item.shape.length);
    u64(dataLengths[i]!);
  });
  for (const name of names) {
    name.copy(out, at);
    at += name.length;
  }
  for (const item of items) {
    for (const dim of item.shape) {
      out.writeInt32LE(dim, at);
      at += 4;
    }
  }
  u64(padding);
  at += padding;
  if (at !== dataStart) throw new Error('marian binary: layout error');
  items.forEach((item, i) => {
    out.set(item.data, at);
    at += dataLengths[i]!;
  });
  return out;
}

export class MarianBinaryError extends Error {}

/** Reads the table of contents of a Marian binary model; throws MarianBinaryError on anything malformed. */
export function readMarianBinary(buffer: Uint8Array): MarianItemInfo[] {
  const view = Buffer.from(buffer.buffer, buffer.byteOffset, buffer.byteLength);
  let at = 0;
  const need = (bytes: number, what: string) => {
    if (at + bytes > view.length) throw new MarianBinaryError(`Truncated model file (while reading ${what})`);
  };
  const u64 = (what: string) => {
    need(8, what);
    const value = view.readBigUInt64LE(at);
    at += 8;
    if (value > BigInt(Number.MAX_SAFE_INTEGER)) throw new MarianBinaryError(`Implausible ${what} in model file`);
    return Number(value);
  };
  const version = u64('version');
  if (version !== BINARY_FILE_VERSION) {
    throw new MarianBinaryError(`Not a Marian binary model (version ${version}, expected ${BINARY_FILE_VERSION})`);
  }
  const count = u64('item count');
  if (count === 0 || count * HEADER_BYTES > view.length) throw new MarianBinaryError('Implausible item count in model file');
  const headers = [];
  for (let i = 0; i < count; i++) {
    headers.push({
      nameLength: u64('header'),
      type: u64('header'),
      shapeLength: u64('header'),
      dataLength: u64('header'),
    });
  }
  const items: MarianItemInfo[] = [];
  for (const header of headers) {
    need(header.nameLength, 'names');
    if (header.nameLength < 1 || view[at + header.nameLength - 1] !== 0) {
      throw new MarianBinaryError('Malformed item name in model file');
    }
    const name = view.toString('utf8', at, at + header.nameLength - 1);
    at += header.nameLength;
    items.push({ name, shape: [], type: header.type, offset: 0, dataLength: header.dataLength });
  }
  headers.forEach((header, i) => {
    need(4 * header.shapeLength, 'shapes');
    for (let d = 0; d < header.shapeLength; d++) {
      items[i]!.shape.push(view.readInt32LE(at));
      at += 4;
    }
  });
  const padding = u64('padding');
  need(padding, 'padding');
  at += padding;
  for (const item of items) {
    need(item.dataLength, `data of ${item.name}`);
    item.offset = at;
    at += item.dataLength;
  }
  return items;
}

/** The text of the `special:model.yml` item, or undefined when the model has none. */
export function readModelYaml(buffer: Uint8Array, items = readMarianBinary(buffer)): string | undefined {
  const item = items.find((i) => i.name === 'special:model.yml');
  if (!item) return undefined;
  const bytes = Buffer.from(buffer.buffer, buffer.byteOffset + item.offset, item.dataLength);
  const end = bytes.indexOf(0);
  return bytes.toString('utf8', 0, end === -1 ? bytes.length : end);
}
