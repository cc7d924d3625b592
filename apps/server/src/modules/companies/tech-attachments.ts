/** Folder of DATA_DIR/uploads holding the companies' tech information attachments (downloaded via POST /api/download). */
export const techAttachmentFolder = 'company-tech';

/** The stored file's extension: the upload's own when it is plain (letters and digits), else 'bin'. */
export function attachmentExtension(fileName: string): string {
  const match = /\.([a-z0-9]{1,10})$/i.exec(fileName);
  return match ? match[1]!.toLowerCase() : 'bin';
}
