import { createHash, randomUUID } from 'node:crypto';
import { mkdir, readFile, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type {} from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../platform/http/app-error';
import type { StoredUpload } from './cashier.tables';

/**
 * Receipt and proof images (spec sections 5 and 9, ARCHITECTURE.md section 8: png/jpg checked by content,
 * 5 MB, 3 files). The file name and the declared content type are the client's word and count for nothing:
 * the bytes must be a PNG or a JPEG whose header decodes. Stored under UPLOADS_DIR with random names.
 */

export const maxUploadBytes = 5 * 1024 * 1024;
export const maxUploadFiles = 3;

export type ImageType = 'png' | 'jpeg';
export type UploadedImage = { field: string; bytes: Buffer; type: ImageType; size: number; sha256: string };
export type MultipartForm = { fields: Record<string, string>; files: UploadedImage[] };

const pngSignature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const maxDimension = 30_000;

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = (crcTable[(crc ^ byte) & 0xff] ?? 0) ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

/** A PNG: the signature, then an IHDR chunk of 13 bytes whose CRC matches, with a sane size and bit depth. */
function isPng(bytes: Buffer): boolean {
  if (bytes.length < 33 || !bytes.subarray(0, 8).equals(pngSignature)) return false;
  if (bytes.readUInt32BE(8) !== 13 || bytes.toString('latin1', 12, 16) !== 'IHDR') return false;
  const width = bytes.readUInt32BE(16);
  const height = bytes.readUInt32BE(20);
  const bitDepth = bytes[24] ?? 0;
  if (width < 1 || height < 1 || width > maxDimension || height > maxDimension) return false;
  if (![1, 2, 4, 8, 16].includes(bitDepth)) return false;
  return crc32(bytes.subarray(12, 29)) === bytes.readUInt32BE(29);
}

/**
 * A JPEG: SOI, then well-formed marker segments up to a start-of-frame that gives a sane size and component
 * count. Walking the segments (not only the first bytes) turns away text that merely starts with FF D8 FF.
 */
function isJpeg(bytes: Buffer): boolean {
  if (bytes.length < 4 || bytes[0] !== 0xff || bytes[1] !== 0xd8) return false;
  let offset = 2;
  while (offset + 4 <= bytes.length) {
    if (bytes[offset] !== 0xff) return false;
    let marker = bytes[offset + 1] ?? 0;
    while (marker === 0xff && offset + 2 < bytes.length) {
      offset += 1;
      marker = bytes[offset + 1] ?? 0;
    }
    if (marker === 0xd9 || marker === 0xda) return false; // end of image or scan data before any frame header
    if ((marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) {
      offset += 2;
      continue;
    }
    const length = bytes.readUInt16BE(offset + 2);
    if (length < 2 || offset + 2 + length > bytes.length) return false;
    const isFrame = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
    if (isFrame) {
      if (length < 8) return false;
      const height = bytes.readUInt16BE(offset + 5);
      const width = bytes.readUInt16BE(offset + 7);
      const components = bytes[offset + 9] ?? 0;
      return width > 0 && height > 0 && [1, 3, 4].includes(components);
    }
    offset += 2 + length;
  }
  return false;
}

/** The image type the bytes really are, or null. */
export function detectImageType(bytes: Buffer): ImageType | null {
  if (isPng(bytes)) return 'png';
  if (isJpeg(bytes)) return 'jpeg';
  return null;
}

function multipartCode(error: unknown): string | undefined {
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' ? code : undefined;
}

/**
 * Reads a multipart form: text fields, and image files in `fileFields` (at most `maxUploadFiles` in all, each at
 * most `maxUploadBytes`, each checked by content). Call it from a preValidation hook, after the call guard.
 * @throws CASHIER_RECEIPT_TOO_MANY, CASHIER_RECEIPT_TOO_LARGE, CASHIER_RECEIPT_INVALID_TYPE, REQUEST_MALFORMED
 */
export async function readMultipartForm(
  request: FastifyRequest,
  fileFields: readonly string[],
): Promise<MultipartForm> {
  const fields: Record<string, string> = {};
  const files: UploadedImage[] = [];
  try {
    const parts = request.parts({
      limits: { files: maxUploadFiles, fileSize: maxUploadBytes, fields: 20, fieldSize: 4096, parts: 30 },
    });
    for await (const part of parts) {
      if (part.type === 'field') {
        if (part.valueTruncated || typeof part.value !== 'string') throw new AppError('REQUEST_MALFORMED');
        fields[part.fieldname] = part.value;
        continue;
      }
      const bytes = await part.toBuffer();
      if (!fileFields.includes(part.fieldname)) {
        throw new AppError('VALIDATION_FAILED', {}, [
          { path: `body.${part.fieldname}`, code: 'unrecognized_keys', message: 'Unexpected file field' },
        ]);
      }
      const type = detectImageType(bytes);
      if (!type) throw new AppError('CASHIER_RECEIPT_INVALID_TYPE', { file: part.filename.slice(0, 80) });
      files.push({
        field: part.fieldname,
        bytes,
        type,
        size: bytes.length,
        sha256: createHash('sha256').update(bytes).digest('hex'),
      });
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    const code = multipartCode(error);
    if (code === 'FST_FILES_LIMIT') throw new AppError('CASHIER_RECEIPT_TOO_MANY', { max: maxUploadFiles });
    if (code === 'FST_REQ_FILE_TOO_LARGE')
      throw new AppError('CASHIER_RECEIPT_TOO_LARGE', { maxBytes: maxUploadBytes });
    if (code?.startsWith('FST_')) throw new AppError('REQUEST_MALFORMED');
    throw error;
  }
  return { fields, files };
}

export type UploadStore = {
  /** Writes the images under random names; all or none. */
  save(images: readonly UploadedImage[]): Promise<StoredUpload[]>;
  /** Reads a stored image by its name, for operators reviewing receipts. */
  read(name: string): Promise<{ bytes: Buffer; contentType: string }>;
  remove(uploads: readonly StoredUpload[]): Promise<void>;
};

const storedName = /^[0-9a-f-]{36}\.(png|jpg)$/;

/** Images on the local disk (a mounted volume when several instances run). */
export function createUploadStore(dir: string): UploadStore {
  let ready: Promise<unknown> | null = null;
  const remove = async (uploads: readonly StoredUpload[]) => {
    await Promise.all(uploads.map((upload) => unlink(path.join(dir, upload.name)).catch(() => undefined)));
  };
  return {
    async save(images) {
      ready ??= mkdir(dir, { recursive: true, mode: 0o750 });
      await ready;
      const stored: StoredUpload[] = [];
      try {
        for (const image of images) {
          const name = `${randomUUID()}.${image.type === 'png' ? 'png' : 'jpg'}`;
          await writeFile(path.join(dir, name), image.bytes, { flag: 'wx', mode: 0o640 });
          stored.push({ name, type: image.type, size: image.size, sha256: image.sha256 });
        }
      } catch (error) {
        await remove(stored);
        throw error;
      }
      return stored;
    },
    async read(name) {
      if (!storedName.test(name)) throw new AppError('NOT_FOUND', { name });
      try {
        const bytes = await readFile(path.join(dir, name));
        return { bytes, contentType: name.endsWith('.png') ? 'image/png' : 'image/jpeg' };
      } catch {
        throw new AppError('NOT_FOUND', { name });
      }
    },
    remove,
  };
}
