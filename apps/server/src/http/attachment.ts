import type { FastifyReply } from 'fastify';

/**
 * Sends stored bytes as a download: never rendered by the browser (octet-stream, nosniff), the name kept in UTF-8
 * (filename*) with an ASCII fallback, and not kept by caches (private files: HR attachments, applicants' files).
 */
export function sendAttachment(reply: FastifyReply, fileName: string, data: Buffer): FastifyReply {
  const name = fileName.replace(/["\r\n\\]/g, '_');
  return reply
    .header('content-type', 'application/octet-stream')
    .header(
      'content-disposition',
      `attachment; filename="${name.replace(/[^\x20-\x7e]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(name)}`,
    )
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, no-store')
    .send(data);
}
