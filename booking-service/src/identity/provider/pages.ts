import { createHash } from 'node:crypto';
import escapeHtmlText from 'escape-html';

/** The product's name (spec: the site is Marquee), on every sign-in page. */
export const BRAND = 'Marquee';

/**
 * The provider's server-rendered pages: sign in, sign up, sign out, errors.
 * Self-contained (inline styles, no external assets), escaped throughout.
 */
function escapeHtml(value: unknown): string {
  return escapeHtmlText(String(value ?? ''));
}

const STYLE = `
*{box-sizing:border-box}
body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;background:#0f0f14;color:#e8e8ee;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
main{width:100%;max-width:380px;padding:32px;margin:24px;background:#1a1a22;border:1px solid #2c2c38;border-radius:14px}
h1{margin:0 0 4px;font-size:24px}
p.lead{margin:0 0 24px;color:#a4a4b4}
label{display:block;margin:16px 0 6px;font-weight:600}
input{width:100%;padding:10px 12px;border-radius:8px;border:1px solid #3a3a48;background:#0f0f14;color:inherit;font:inherit}
input:focus{outline:2px solid #f84565;outline-offset:1px}
button{width:100%;margin-top:24px;padding:11px;border:0;border-radius:8px;background:#f84565;color:#fff;font:inherit;font-weight:600;cursor:pointer}
button:hover{background:#e03a58}
.error{margin:0 0 8px;padding:10px 12px;border-radius:8px;background:#3b1620;color:#ffb3c0}
.field-error{margin:4px 0 0;color:#ffb3c0;font-size:14px}
.alt{margin:20px 0 0;text-align:center;color:#a4a4b4}
a{color:#ff8aa0}
small{display:block;margin-top:24px;color:#74748a;text-align:center}
`;

export interface Page {
  html: string;
  /** Content-Security-Policy for the page (inline scripts are allowed by hash only). */
  csp: string;
}

function page(title: string, body: string, script?: string): Page {
  const scriptSrc = script ? `'sha256-${createHash('sha256').update(script).digest('base64')}'` : "'none'";
  return {
    html: `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} · ${BRAND} (local sign-in)</title>
<style>${STYLE}</style>
</head>
<body>
<main>
${body}
<small>Local development sign-in. Not for production.</small>
</main>${script ? `\n<script>${script}</script>` : ''}
</body>
</html>`,
    csp: `default-src 'none'; style-src 'unsafe-inline'; script-src ${scriptSrc}; img-src data:; frame-ancestors 'none'; base-uri 'none'`,
  };
}

export function signInPage(options: { action: string; signUpUrl: string; email?: string; error?: string; appName?: string }): Page {
  return page(
    'Sign in',
    `<h1>Sign in</h1>
<p class="lead">to continue to ${escapeHtml(options.appName ?? BRAND)}</p>
${options.error ? `<p class="error" role="alert">${escapeHtml(options.error)}</p>` : ''}
<form method="post" action="${escapeHtml(options.action)}" novalidate>
<label for="email">Email</label>
<input id="email" name="email" type="email" autocomplete="username" required value="${escapeHtml(options.email)}"${options.email ? '' : ' autofocus'}>
<label for="password">Password</label>
<input id="password" name="password" type="password" autocomplete="current-password" required${options.email ? ' autofocus' : ''}>
<button type="submit">Sign in</button>
</form>
<p class="alt">New here? <a href="${escapeHtml(options.signUpUrl)}">Sign up</a></p>`,
  );
}

export function signUpPage(options: {
  action: string;
  signInUrl: string;
  values?: { email?: string; name?: string };
  problems?: Partial<Record<'email' | 'name' | 'password', string>>;
  error?: string;
}): Page {
  const problems = options.problems ?? {};
  const fieldError = (field: 'email' | 'name' | 'password') =>
    problems[field] ? `\n<p class="field-error" id="${field}-error">${escapeHtml(problems[field])}</p>` : '';
  const described = (field: 'email' | 'name' | 'password') =>
    problems[field] ? ` aria-invalid="true" aria-describedby="${field}-error"` : '';
  return page(
    'Sign up',
    `<h1>Sign up</h1>
<p class="lead">Create a moviegoer account</p>
${options.error ? `<p class="error" role="alert">${escapeHtml(options.error)}</p>` : ''}
<form method="post" action="${escapeHtml(options.action)}" novalidate>
<label for="email">Email</label>
<input id="email" name="email" type="email" autocomplete="email" required value="${escapeHtml(options.values?.email)}"${described('email')}>${fieldError('email')}
<label for="name">Name</label>
<input id="name" name="name" type="text" autocomplete="name" required maxlength="80" value="${escapeHtml(options.values?.name)}"${described('name')}>${fieldError('name')}
<label for="password">Password</label>
<input id="password" name="password" type="password" autocomplete="new-password" required minlength="8"${described('password')}>${fieldError('password')}
<button type="submit">Sign up</button>
</form>
<p class="alt">Already have an account? <a href="${escapeHtml(options.signInUrl)}">Sign in</a></p>`,
  );
}

export function errorPage(error: string, description?: string): Page {
  return page(
    'Sign-in problem',
    `<h1>Sign-in problem</h1>
<p class="error" role="alert"><strong>${escapeHtml(error)}</strong>${description ? `: ${escapeHtml(description)}` : ''}</p>
<p class="alt">Go back to the site and try signing in again.</p>`,
  );
}

/** Signs out at once, as Auth0's /v2/logout does; the button is for browsers without scripts. */
export function signOutPage(form: string): Page {
  return page(
    'Signing out',
    `<h1>Signing out…</h1>
${form}
<button type="submit" form="op.logoutForm">Sign out</button>`,
    `document.getElementById('op.logoutForm').submit();`,
  );
}

export function signedOutPage(): Page {
  return page('Signed out', `<h1>Signed out</h1>\n<p class="lead">You have been signed out.</p>`);
}
