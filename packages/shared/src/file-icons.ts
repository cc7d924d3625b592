/** Spec 1 §9: the file-type icon widget's groups, by extension. */
export const fileIconGroups = {
  pdf: ['pdf'],
  image: ['jpg', 'gif', 'png', 'svg', 'jpeg'],
  spreadsheet: ['xlsx', 'xlsm', 'xls', 'csv'],
  text: ['txt', 'doc', 'docx'],
  system: ['ini', 'dll', 'php'],
} as const;

export type FileIconGroup = keyof typeof fileIconGroups | 'other';

/** What each group is called where the icon needs a name (its accessible label). */
export const fileIconGroupLabels: Record<FileIconGroup, string> = {
  pdf: 'PDF',
  image: 'Image',
  spreadsheet: 'Spreadsheet',
  text: 'Text document',
  system: 'System file',
  other: 'File',
};

/** The icon group of a file name or bare extension ('Report.PDF', 'pdf'); unknown extensions are 'other'. */
export function fileIconGroup(fileNameOrExtension: string): FileIconGroup {
  const dot = fileNameOrExtension.lastIndexOf('.');
  const extension = (dot === -1 ? fileNameOrExtension : fileNameOrExtension.slice(dot + 1)).trim().toLowerCase();
  for (const [group, extensions] of Object.entries(fileIconGroups) as [
    keyof typeof fileIconGroups,
    readonly string[],
  ][]) {
    if (extensions.includes(extension)) return group;
  }
  return 'other';
}
