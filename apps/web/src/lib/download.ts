import { api } from './api-client.ts';

/** Hands a blob to the browser as a file download. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}

/** Saves CSV text as a file. */
export function saveCsv(text: string, fileName: string): void {
  saveBlob(new Blob([text], { type: 'text/csv;charset=utf-8' }), fileName);
}

/** Spec 1 §7: POST /api/download {file, name, disk} answers the stored file as a blob, saved under `name`. */
export async function downloadStoredFile(file: string, name: string): Promise<void> {
  const blob = await api.post<Blob>('/api/download', { file, name, disk: 'local' }, { responseType: 'blob' });
  saveBlob(blob, name);
}
