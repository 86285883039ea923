/**
 * The client's check of receipt and proof images, mirroring the server's rules (spec sections 5 and 9: png or
 * jpg, at most 5 MB each, at most 3 images). The server decides by the bytes; so does this, by the first bytes
 * of the file (PNG signature, JPEG start-of-image marker), because a renamed file says nothing.
 */
export const maxImageBytes = 5 * 1024 * 1024;
export const maxImages = 3;

export type ImageIssue = 'type' | 'size' | 'count';

const pngSignature = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

async function headOf(file: File): Promise<Uint8Array> {
  const blob = file.slice(0, 8);
  // happy-dom and older engines lack Blob.arrayBuffer on slices; FileReader works everywhere.
  if (typeof blob.arrayBuffer === 'function') return new Uint8Array(await blob.arrayBuffer());
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error);
    reader.readAsArrayBuffer(blob);
  });
}

/** Whether the file's bytes start like a PNG or a JPEG. */
export async function looksLikeImage(file: File): Promise<boolean> {
  const head = await headOf(file);
  if (pngSignature.every((byte, index) => head[index] === byte)) return true;
  return head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff;
}

/**
 * Adds picked files to those already chosen: each must be a PNG/JPEG of at most 5 MB, and no more than 3 in all.
 * Returns the accepted list and the first issue met (the files with an issue are left out).
 */
export async function addImages(
  current: readonly File[],
  picked: readonly File[],
): Promise<{ files: File[]; issue: ImageIssue | null }> {
  const files = [...current];
  let issue: ImageIssue | null = null;
  for (const file of picked) {
    if (files.length >= maxImages) {
      issue ??= 'count';
      continue;
    }
    if (file.size > maxImageBytes) {
      issue ??= 'size';
      continue;
    }
    if (!(await looksLikeImage(file))) {
      issue ??= 'type';
      continue;
    }
    files.push(file);
  }
  return { files, issue };
}

/** "1.2 MB" / "340 KB": the size of a picked file. */
export function fileSizeText(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}
