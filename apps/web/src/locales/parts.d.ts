// A language file's signed-out or signed-in words (locale-parts-plugin.ts).
declare module '*.json?signed-out' {
  const words: Record<string, unknown>;
  export default words;
}
declare module '*.json?member' {
  const words: Record<string, unknown>;
  export default words;
}
