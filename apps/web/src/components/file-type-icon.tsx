import { fileIconGroup, fileIconGroupLabels, type FileIconGroup } from '@switchboard/shared';
import {
  IconFile,
  IconFileCode,
  IconFileSpreadsheet,
  IconFileText,
  IconFileTypePdf,
  IconPhoto,
  type Icon,
} from '@tabler/icons-react';

const groupIcons: Record<FileIconGroup, { icon: Icon; color: string }> = {
  pdf: { icon: IconFileTypePdf, color: 'var(--mantine-color-red-7)' },
  image: { icon: IconPhoto, color: 'var(--mantine-color-grape-6)' },
  spreadsheet: { icon: IconFileSpreadsheet, color: 'var(--mantine-color-green-7)' },
  text: { icon: IconFileText, color: 'var(--mantine-color-blue-7)' },
  system: { icon: IconFileCode, color: 'var(--mantine-color-gray-7)' },
  other: { icon: IconFile, color: 'var(--mantine-color-gray-6)' },
};

/** Spec 1 §2.6, §9: the icon of a file by its extension's group (pdf, image, spreadsheet, text, system, other). */
export function FileTypeIcon({ fileName, size = 14 }: { fileName: string; size?: number }) {
  const group = fileIconGroup(fileName);
  const { icon: GroupIcon, color } = groupIcons[group];
  return (
    <GroupIcon size={size} color={color} role="img" aria-label={fileIconGroupLabels[group]} data-file-group={group} />
  );
}
