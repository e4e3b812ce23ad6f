/** The files a paste or a drop carries (none for plain text): `files`, else the file items some browsers give. */
export function transferFiles(data: DataTransfer | null): File[] {
  if (!data) return [];
  const files = Array.from(data.files ?? []);
  if (files.length > 0) return files;
  return Array.from(data.items ?? [])
    .filter((item) => item.kind === 'file')
    .map((item) => item.getAsFile())
    .filter((file): file is File => file !== null);
}

/** A drag that carries files (not text or a link being dragged about the page). */
export const carriesFiles = (data: DataTransfer | null) => Array.from(data?.types ?? []).includes('Files');
