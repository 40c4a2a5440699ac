/** Lets the browser download a presigned URL that answers with an attachment, under the server's file name. */
export function saveFrom({ url, fileName }: { url: string; fileName: string }): void {
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
}
