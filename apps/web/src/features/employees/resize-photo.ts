import { EMPLOYEE_PHOTO_MAX_SIDE } from '@switchboard/shared';

/**
 * Shrinks a photo to fit EMPLOYEE_PHOTO_MAX_SIDE before upload (decision 0021: the server stores what it gets,
 * within its size limit). Small images, GIFs (animation) and anything the browser cannot draw go up unchanged.
 */
export async function resizePhoto(file: File): Promise<File> {
  if (file.type === 'image/gif' || typeof createImageBitmap !== 'function') return file;
  try {
    const bitmap = await createImageBitmap(file);
    const scale = Math.min(1, EMPLOYEE_PHOTO_MAX_SIDE / Math.max(bitmap.width, bitmap.height));
    if (scale === 1) return file;
    const canvas = document.createElement('canvas');
    canvas.width = Math.round(bitmap.width * scale);
    canvas.height = Math.round(bitmap.height * scale);
    canvas.getContext('2d')?.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
    const type = file.type === 'image/png' ? 'image/png' : 'image/jpeg';
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, type, 0.9));
    return blob
      ? new File([blob], file.name.replace(/\.\w+$/, type === 'image/png' ? '.png' : '.jpg'), { type })
      : file;
  } catch {
    return file;
  }
}
