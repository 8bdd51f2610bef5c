// The home page's hero picture (public/art/hero.svg, drawn for this project): its largest paint in Arabic, where the
// heading's lines are shorter. The build names it in route-preload.json for `/` (vite.config.ts), and the server
// hints it with the page (`Link: rel=preload; as=image`), so it downloads beside the main chunk instead of after it
// has run and drawn the <img>.
export const HERO_ART = { src: '/art/hero.svg', width: 320, height: 260 } as const;
