// The compiled message catalogs of vite.config.ts `messages()`.
declare module 'virtual:messages/*' {
  const messages: Record<string, unknown>;
  export default messages;
}
