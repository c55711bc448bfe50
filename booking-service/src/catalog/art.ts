/**
 * Deterministic SVG artwork for the built-in catalogue: posters, backdrops,
 * person profiles and company logos. Everything derives from ids and names, so
 * the same input always draws the same picture, and nothing external (fonts,
 * images) is referenced: the files are safe to serve under a `default-src
 * 'none'` content security policy.
 */

export interface PosterArt { id: number; title: string; genres: readonly string[] }
export interface PersonArt { id: number; name: string }
export interface CompanyArt { id: number; name: string }

const CHAR_EM = 0.72;
const FONT = "system-ui, -apple-system, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif";

export function escapeXml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

/** FNV-1a: a small stable hash, so colours and motifs never change between runs. */
export function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

function hslToHex(hue: number, saturation: number, lightness: number): string {
  const s = saturation / 100;
  const l = lightness / 100;
  const a = s * Math.min(l, 1 - l);
  const channel = (n: number) => {
    const k = (n + hue / 30) % 12;
    const value = l - a * Math.max(-1, Math.min(k - 3, 9 - k, 1));
    return Math.round(value * 255).toString(16).padStart(2, '0');
  };
  return `#${channel(0)}${channel(8)}${channel(4)}`;
}

interface Palette { deep: string; mid: string; accent: string; ink: string }

function palette(seed: number): Palette {
  const hue = seed % 360;
  return {
    deep: hslToHex(hue, 55, 12),
    mid: hslToHex((hue + 35) % 360, 60, 34),
    accent: hslToHex((hue + 170) % 360, 75, 62),
    ink: hslToHex(hue, 30, 96),
  };
}

/** One of five simple geometric motifs, drawn inside a width x height box. */
function motif(kind: number, width: number, height: number, colour: string, seed: number): string {
  const cx = width * (0.3 + ((seed >>> 8) % 40) / 100);
  const cy = height * (0.28 + ((seed >>> 16) % 20) / 100);
  const unit = Math.min(width, height);
  switch (kind) {
    case 0: // concentric rings, a rising sun
      return [0.42, 0.32, 0.22, 0.12]
        .map((r, i) => `<circle cx="${cx.toFixed(0)}" cy="${cy.toFixed(0)}" r="${(unit * r).toFixed(0)}" fill="none" stroke="${colour}" stroke-width="${6 + i * 3}" opacity="${(0.18 + i * 0.12).toFixed(2)}"/>`)
        .join('');
    case 1: // diagonal bands
      return Array.from({ length: 7 }, (_, i) => {
        const x = -height + i * (width + height) / 6;
        return `<polygon points="${x.toFixed(0)},${height} ${(x + height).toFixed(0)},0 ${(x + height + unit * 0.06).toFixed(0)},0 ${(x + unit * 0.06).toFixed(0)},${height}" fill="${colour}" opacity="${(0.08 + (i % 3) * 0.06).toFixed(2)}"/>`;
      }).join('');
    case 2: // mountain ridges
      return [0.55, 0.68, 0.8]
        .map((level, i) => {
          const peak = height * (level - 0.22);
          const base = height * (level + 0.2);
          return `<polygon points="0,${base.toFixed(0)} ${(width * (0.2 + i * 0.15)).toFixed(0)},${peak.toFixed(0)} ${(width * (0.45 + i * 0.1)).toFixed(0)},${(peak + height * 0.1).toFixed(0)} ${(width * (0.7 + i * 0.05)).toFixed(0)},${(peak - height * 0.04).toFixed(0)} ${width},${base.toFixed(0)}" fill="${colour}" opacity="${(0.14 + i * 0.1).toFixed(2)}"/>`;
        })
        .join('');
    case 3: { // a field of dots
      const step = unit / 9;
      const dots: string[] = [];
      for (let y = step / 2; y < height * 0.62; y += step) {
        for (let x = step / 2; x < width; x += step) {
          const r = (step * 0.12 * (1 + ((Math.round(x + y) + seed) % 4))) / 2;
          dots.push(`<circle cx="${x.toFixed(0)}" cy="${y.toFixed(0)}" r="${r.toFixed(1)}"/>`);
        }
      }
      return `<g fill="${colour}" opacity="0.35">${dots.join('')}</g>`;
    }
    default: { // nested diamonds
      return [0.4, 0.28, 0.16]
        .map((r, i) => {
          const d = unit * r;
          return `<polygon points="${cx.toFixed(0)},${(cy - d).toFixed(0)} ${(cx + d).toFixed(0)},${cy.toFixed(0)} ${cx.toFixed(0)},${(cy + d).toFixed(0)} ${(cx - d).toFixed(0)},${cy.toFixed(0)}" fill="none" stroke="${colour}" stroke-width="${4 + i * 4}" opacity="${(0.2 + i * 0.15).toFixed(2)}"/>`;
        })
        .join('');
    }
  }
}

/**
 * Splits a title into lines and picks the largest font size at which every
 * line fits the width. Widths are estimated at 0.72em per character, a safe
 * figure for bold upper-case sans, since the real font is the viewer's.
 */
export function layoutTitle(title: string, width: number, maxLines = 4): { lines: string[]; fontSize: number } {
  const words = title.trim().split(/\s+/).filter(Boolean);
  for (let fontSize = 72; fontSize >= 28; fontSize -= 4) {
    const maxChars = Math.floor(width / (fontSize * CHAR_EM));
    const lines: string[] = [];
    let fits = true;
    for (const word of words) {
      if (word.length > maxChars) { fits = false; break; }
      const last = lines[lines.length - 1];
      if (last !== undefined && last.length + 1 + word.length <= maxChars) lines[lines.length - 1] = `${last} ${word}`;
      else lines.push(word);
    }
    if (fits && lines.length <= maxLines) return { lines, fontSize };
  }
  // Very long titles: smallest size, hard-wrapped, extra lines dropped with an ellipsis.
  const maxChars = Math.floor(width / (28 * CHAR_EM));
  const hard = title.match(new RegExp(`.{1,${maxChars}}`, 'g')) ?? [title];
  const lines = hard.slice(0, maxLines);
  if (hard.length > maxLines) lines[maxLines - 1] = `${(lines[maxLines - 1] ?? '').slice(0, maxChars - 1)}…`;
  return { lines, fontSize: 28 };
}

function svgOpen(width: number, height: number, label: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img" aria-label="${escapeXml(label)}"><title>${escapeXml(label)}</title>`;
}

export function posterSvg(movie: PosterArt): string {
  const W = 500;
  const H = 750;
  const seed = hash(`${movie.id}:${movie.title}`);
  const colours = palette(seed);
  const { lines, fontSize } = layoutTitle(movie.title.toUpperCase(), W - 60);
  const lineHeight = Math.round(fontSize * 1.08);
  const lastBaseline = H - 70;
  const firstBaseline = lastBaseline - (lines.length - 1) * lineHeight;
  const genreLine = movie.genres.slice(0, 3).join(' · ').toUpperCase();
  const titleText = lines
    .map((line, i) => `<tspan x="${W / 2}" y="${firstBaseline + i * lineHeight}">${escapeXml(line)}</tspan>`)
    .join('');
  return [
    svgOpen(W, H, `Poster: ${movie.title}`),
    `<defs><linearGradient id="pbg${movie.id}" x1="0" y1="0" x2="0.3" y2="1"><stop offset="0" stop-color="${colours.mid}"/><stop offset="1" stop-color="${colours.deep}"/></linearGradient>`,
    `<linearGradient id="pfade${movie.id}" x1="0" y1="0" x2="0" y2="1"><stop offset="0.45" stop-color="${colours.deep}" stop-opacity="0"/><stop offset="1" stop-color="${colours.deep}" stop-opacity="0.9"/></linearGradient></defs>`,
    `<rect width="${W}" height="${H}" fill="url(#pbg${movie.id})"/>`,
    motif(seed % 5, W, H, colours.accent, seed),
    `<rect width="${W}" height="${H}" fill="url(#pfade${movie.id})"/>`,
    `<text x="${W / 2}" y="${firstBaseline - fontSize - 18}" text-anchor="middle" font-family="${FONT}" font-size="17" letter-spacing="3" fill="${colours.accent}">${escapeXml(genreLine)}</text>`,
    `<text text-anchor="middle" font-family="${FONT}" font-weight="800" font-size="${fontSize}" fill="${colours.ink}">${titleText}</text>`,
    `<rect x="${W / 2 - 40}" y="${H - 40}" width="80" height="4" rx="2" fill="${colours.accent}"/>`,
    '</svg>',
  ].join('');
}

export function backdropSvg(movie: PosterArt): string {
  const W = 1280;
  const H = 720;
  const seed = hash(`${movie.id}:${movie.title}`);
  const colours = palette(seed);
  return [
    svgOpen(W, H, `Backdrop: ${movie.title}`),
    `<defs><linearGradient id="bbg${movie.id}" x1="0" y1="0" x2="1" y2="0.6"><stop offset="0" stop-color="${colours.deep}"/><stop offset="1" stop-color="${colours.mid}"/></linearGradient>`,
    `<radialGradient id="bvig${movie.id}" cx="0.5" cy="0.5" r="0.75"><stop offset="0.55" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.55"/></radialGradient></defs>`,
    `<rect width="${W}" height="${H}" fill="url(#bbg${movie.id})"/>`,
    // A second, offset motif keeps the backdrop from looking like a stretched poster.
    motif((seed >>> 3) % 5, W, H, colours.accent, seed >>> 5),
    motif(seed % 5, W, H, colours.ink, seed),
    `<rect width="${W}" height="${H}" fill="url(#bvig${movie.id})"/>`,
    '</svg>',
  ].join('');
}

export function initials(name: string): string {
  const words = name.split(/[\s-]+/).filter((w) => /\p{L}/u.test(w));
  const first = words[0]?.[0] ?? '?';
  const last = words.length > 1 ? (words[words.length - 1]?.[0] ?? '') : '';
  return (first + last).toUpperCase();
}

export function profileSvg(person: PersonArt): string {
  const W = 300;
  const H = 450;
  const seed = hash(`person:${person.id}:${person.name}`);
  const colours = palette(seed);
  return [
    svgOpen(W, H, person.name),
    `<defs><linearGradient id="hbg${person.id}" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${colours.mid}"/><stop offset="1" stop-color="${colours.deep}"/></linearGradient></defs>`,
    `<rect width="${W}" height="${H}" fill="url(#hbg${person.id})"/>`,
    `<circle cx="${W / 2}" cy="${H * 0.42}" r="95" fill="${colours.accent}" opacity="0.22"/>`,
    `<text x="${W / 2}" y="${H * 0.42 + 34}" text-anchor="middle" font-family="${FONT}" font-weight="700" font-size="96" fill="${colours.ink}">${escapeXml(initials(person.name))}</text>`,
    `<text x="${W / 2}" y="${H - 44}" text-anchor="middle" font-family="${FONT}" font-size="20" fill="${colours.ink}" opacity="0.85">${escapeXml(person.name)}</text>`,
    '</svg>',
  ].join('');
}

/** A simple wordmark: an initial in a roundel beside the company name. */
export function companyLogoSvg(company: CompanyArt): string {
  const H = 120;
  const fontSize = 34;
  const W = Math.round(130 + company.name.length * fontSize * 0.56);
  const colours = palette(hash(`company:${company.id}:${company.name}`));
  return [
    svgOpen(W, H, company.name),
    `<circle cx="60" cy="60" r="42" fill="${colours.mid}"/>`,
    `<text x="60" y="74" text-anchor="middle" font-family="${FONT}" font-weight="800" font-size="40" fill="${colours.ink}">${escapeXml(initials(company.name).slice(0, 1))}</text>`,
    `<text x="118" y="72" font-family="${FONT}" font-weight="700" font-size="${fontSize}" fill="${colours.mid}">${escapeXml(company.name)}</text>`,
    '</svg>',
  ].join('');
}
