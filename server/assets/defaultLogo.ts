/** Our own logo, shown for a user (and a shared link whose owner) has none; kept in the code so the built server needs no file beside it. */
export const DEFAULT_LOGO_SVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 200 100" width="200" height="100" role="img" aria-label="Cabinet Viewer">
  <g transform="translate(68 18) scale(1)">
    <path d="M32 4 58 18 32 32 6 18Z" fill="#fdba74"/>
    <path d="M32 32v28L6 46V18Z" fill="#ea580c"/>
    <path d="M32 32 58 18v28L32 60Z" fill="#f97316"/>
    <g stroke="#1c1917" stroke-linecap="round" fill="none">
      <path d="M19 27.5v24M45 27.5v24" stroke-width="1.4" stroke-opacity="0.6"/>
      <path d="M16.8 36v3.5M21.2 38.4v3.5M42.8 38.4v3.5M47.2 36v3.5" stroke-width="2.2"/>
    </g>
  </g>
</svg>
`;
