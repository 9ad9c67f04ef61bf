import { describe, expect, it } from 'vitest';
import {
  MarianBinaryError,
  MarianType,
  float32Item,
  readMarianBinary,
  readModelYaml,
  writeMarianBinary,
  yamlItem,
} from './marian-binary';

describe('Marian binary model writer and reader', () => {
  const weights = float32Item('encoder_l1_self_Wq', [2, 3], Float32Array.from([1, 2, 3, 4, 5, 6]));
  const bias = float32Item('encoder_l1_self_bq', [1, 3], Float32Array.from([-1, 0.5, 0.25]));
  const yaml = yamlItem('type: transformer\ndim-emb: 16\n');
  const file = writeMarianBinary([weights, bias, yaml]);

  it('writes the header marian reads: version 1, item count, four u64 per item', () => {
    expect(file.readBigUInt64LE(0)).toBe(1n);
    expect(file.readBigUInt64LE(8)).toBe(3n);
    // first header: name length with NUL, type, shape length, data length padded to 256
    expect(file.readBigUInt64LE(16)).toBe(BigInt('encoder_l1_self_Wq'.length + 1));
    expect(file.readBigUInt64LE(24)).toBe(BigInt(MarianType.float32));
    expect(file.readBigUInt64LE(32)).toBe(2n);
    expect(file.readBigUInt64LE(40)).toBe(256n);
    // names follow the headers, NUL-terminated, then the int32 shapes
    const namesAt = 16 + 3 * 32;
    expect(file.toString('utf8', namesAt, namesAt + 19)).toBe('encoder_l1_self_Wq\0');
  });

  it('starts the data on a 256-byte boundary and pads every item to 256 bytes', () => {
    const items = readMarianBinary(file);
    expect(items.map((i) => i.name)).toEqual(['encoder_l1_self_Wq', 'encoder_l1_self_bq', 'special:model.yml']);
    expect(items[0]!.offset % 256).toBe(0);
    expect(items.every((i) => i.dataLength % 256 === 0)).toBe(true);
    expect(items[1]!.offset).toBe(items[0]!.offset + 256);
    expect(file.length).toBe(items[2]!.offset + items[2]!.dataLength);
    const values = new Float32Array(file.buffer.slice(file.byteOffset + items[0]!.offset, file.byteOffset + items[0]!.offset + 24));
    expect([...values]).toEqual([1, 2, 3, 4, 5, 6]);
    expect(items[0]!.shape).toEqual([2, 3]);
    expect(items[1]!.shape).toEqual([1, 3]);
  });

  it('stores special:model.yml as a NUL-terminated int8 string whose shape counts the NUL', () => {
    const items = readMarianBinary(file);
    expect(items[2]!.type).toBe(MarianType.int8);
    expect(items[2]!.shape).toEqual(['type: transformer\ndim-emb: 16\n'.length + 1]);
    expect(readModelYaml(file)).toBe('type: transformer\ndim-emb: 16\n');
  });

  it('rejects what is not a Marian binary model, or is cut short', () => {
    expect(() => readMarianBinary(Buffer.from('PK\x03\x04 not a model at all, just some bytes'))).toThrow(MarianBinaryError);
    expect(() => readMarianBinary(file.subarray(0, file.length - 100))).toThrow(/Truncated/);
    expect(() => readMarianBinary(file.subarray(0, 60))).toThrow(MarianBinaryError);
  });

  it('refuses a tensor whose values do not fill its shape', () => {
    expect(() => float32Item('x', [2, 2], new Float32Array(3))).toThrow(/shape/);
  });
});
