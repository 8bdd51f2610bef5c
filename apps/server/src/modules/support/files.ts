// Files people send (support tickets; docs/security.md#uploaded-files): the type is read from the bytes, and the
// name's extension must say the same thing. A PDF named .png, an HTML page named .pdf, an empty file or one above
// 5 MB is refused before anything is stored. Serving sets the headers that keep a stored file from ever running
// as a page of this origin.
import type { FastifyReply } from 'fastify';
import { SUPPORT_LIMITS, SUPPORT_MSG, type AttachmentInput, type AttachmentType } from '@app/contract';
import { badRequest } from '../../errors.js';

export interface CheckedFile {
  name: string;
  type: AttachmentType;
  bytes: Buffer;
}

const startsWith = (bytes: Buffer, ...sig: number[]) => bytes.length >= sig.length && sig.every((b, i) => bytes[i] === b);
const ascii = (bytes: Buffer, at: number, text: string) => bytes.subarray(at, at + text.length).toString('latin1') === text;

/** What the bytes are (their magic numbers), or null for anything else. */
export function sniffType(bytes: Buffer): AttachmentType | null {
  if (startsWith(bytes, 0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'image/png';
  if (startsWith(bytes, 0xff, 0xd8, 0xff)) return 'image/jpeg';
  if (bytes.length >= 12 && ascii(bytes, 0, 'RIFF') && ascii(bytes, 8, 'WEBP')) return 'image/webp';
  if (ascii(bytes, 0, '%PDF-')) return 'application/pdf';
  return null;
}

const BY_EXTENSION: Record<string, AttachmentType> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
  pdf: 'application/pdf',
};

/** Decodes and checks a message's files; the first bad one refuses the whole message (400). */
export function checkFiles(inputs: readonly AttachmentInput[]): CheckedFile[] {
  return inputs.map((input) => {
    if (input.data.length % 4 !== 0) throw badRequest(SUPPORT_MSG.fileData);
    const bytes = Buffer.from(input.data, 'base64');
    if (bytes.length === 0) throw badRequest(SUPPORT_MSG.fileEmpty);
    if (bytes.length > SUPPORT_LIMITS.attachmentBytes) throw badRequest(SUPPORT_MSG.fileTooLarge);
    const type = sniffType(bytes);
    const claimed = BY_EXTENSION[/\.([A-Za-z0-9]+)$/.exec(input.name)?.[1]?.toLowerCase() ?? ''];
    if (!type || claimed !== type) throw badRequest(SUPPORT_MSG.fileType);
    return { name: input.name, type, bytes };
  });
}

const INLINE: readonly string[] = ['image/png', 'image/jpeg', 'image/webp'];

/**
 * Sends a stored file: images may be shown inline (`?inline=1`), everything else is a download; never sniffed
 * by the browser, and sandboxed so that even a file that got past the checks cannot run script on this origin.
 */
export function sendFile(reply: FastifyReply, file: { name: string; contentType: string; data: Buffer }, inline: boolean) {
  const disposition = inline && INLINE.includes(file.contentType) ? 'inline' : 'attachment';
  const fallback = file.name.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return reply
    .header('content-type', file.contentType)
    .header('content-disposition', `${disposition}; filename="${fallback}"; filename*=UTF-8''${encodeURIComponent(file.name)}`)
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox")
    .header('cache-control', 'private, no-store')
    .send(file.data);
}
