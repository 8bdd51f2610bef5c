// The message catalogs of vite.config.ts `messages()`: the address of a compiled JSON catalog.
declare module 'virtual:messages/*' {
  const url: string;
  export default url;
}
