// A chosen file as the API takes it (support tickets, identity checks; decision 022): its name and its bytes in
// base64. The server checks what the bytes are.
export async function fileAsBase64(file: File): Promise<{ name: string; data: string }> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return { name: file.name, data: btoa(binary) };
}
