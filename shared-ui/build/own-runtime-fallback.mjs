/**
 * A remote built with `externalRuntime` uses the federation runtime the page
 * provides (the shell's provideExternalRuntime) instead of carrying a copy.
 * A page that provides none (a shell from before provideExternalRuntime, or
 * any other host) would fail on the entry's first line ("Cannot read
 * properties of undefined (reading 'setGlobalFederationConstructor')").
 *
 * This plugin wraps remoteEntry.js so that, when the page provides no runtime,
 * the entry defines its container at once as a stand-in whose init and get
 * first load the remote's own runtime (federation-runtime.js, beside the
 * entry: the file its standalone page loads) and then the real entry.
 * When the page provides one, the entry starts at once as before: the wrapper
 * is the only cost (about 0.2 KiB gzip), no request is added.
 */

/** The remote's own runtime, written beside its entry (see standaloneRuntimeConfig in federation.mjs). */
export const OWN_RUNTIME_FILE = 'federation-runtime.js';

/**
 * Runs `start` (the original entry) at once when the page provides the
 * runtime. Otherwise sets the container global to a stand-in whose init and
 * get first load the runtime from beside the entry, then the entry again (from
 * the cache: it now starts, as the script the page is running, so its chunks
 * load from beside it), and then forward to the real container it sets.
 * Written minified: it is inserted after the minifier has run.
 */
function guard(globalName) {
  return (
    's=>{if(self._FEDERATION_RUNTIME_CORE)return s();let u=document.currentScript.src,p,' +
    'g=x=>new Promise((r,j)=>document.head.append(Object.assign(document.createElement("script"),{src:x,onload:r,onerror:j}))),' +
    `f=k=>(...a)=>(p||=g(new URL(${JSON.stringify(OWN_RUNTIME_FILE)},u)).then(()=>g(u))).then(()=>${globalName}[k](...a));` +
    `${globalName}={init:f("init"),get:f("get")}}`
  );
}

export class OwnRuntimeFallbackPlugin {
  /** `entryFile`: the remote's entry (ModuleFederationPlugin's filename); `globalName`: its container's global (the remote's name). */
  constructor({ entryFile, globalName }) {
    this.entryFile = entryFile;
    this.globalName = globalName;
  }

  apply(compiler) {
    const { Compilation, WebpackError, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap('OwnRuntimeFallbackPlugin', (compilation) => {
      // After the minifier, before the source map is written (so the map follows the insertions) and before precompression.
      compilation.hooks.processAssets.tap({ name: 'OwnRuntimeFallbackPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_SIZE + 1 }, () => {
        const asset = compilation.getAsset(this.entryFile);
        if (!asset) return;
        const text = asset.source.source().toString();
        const declaration = `var ${this.globalName};`;
        const trimmedEnd = text.trimEnd().length;
        if (!text.startsWith(declaration) || !text.slice(0, trimmedEnd).endsWith(';')) {
          compilation.errors.push(new WebpackError(`OwnRuntimeFallbackPlugin: ${this.entryFile} does not start with "${declaration}" (a 'var' library): cannot add the runtime fallback`));
          return;
        }
        const wrapped = new sources.ReplaceSource(asset.source);
        wrapped.insert(declaration.length, `(${guard(this.globalName)})(()=>{`);
        wrapped.insert(trimmedEnd, '});');
        compilation.updateAsset(this.entryFile, wrapped);
      });
    });
  }
}
