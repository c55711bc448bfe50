/**
 * Development only: a remote's remoteEntry.js run a second time in the same page hands back the container of its
 * first run instead of starting a second webpack runtime.
 *
 * The shell registers a remote anew (`registerRemotes(..., { force: true })`, shell/src/federation/remote-registry.ts)
 * when two loads of it overlap: React's StrictMode runs the shell's effects twice in development, and a staff
 * remote's workspace links load beside its routes. Each registration runs the entry again, and each run is a
 * runtime of its own with its own copy of the remote's modules and its own hot-update handler; the page-wide
 * handler (`self.rspackHotUpdate<name>`) is the last run's, which need not be the runtime whose page is on screen.
 * An edit then reached the page only sometimes (the test of the dev servers failed in one of its first three runs), or
 * failed with "Loading hot update chunk ... failed". With one runtime per remote, every hot update reaches the
 * modules on screen. Production builds are left as they are.
 */
export class DevOneContainerPlugin {
  /** `entryFile`: the remote's entry (ModuleFederationPlugin's filename); `globalName`: its container's global (the remote's name). */
  constructor({ entryFile, globalName }) {
    this.entryFile = entryFile;
    this.globalName = globalName;
  }

  apply(compiler) {
    const { Compilation, WebpackError, sources } = compiler.webpack;
    const key = `self.__marqueeDevContainers`;
    compiler.hooks.thisCompilation.tap('DevOneContainerPlugin', (compilation) => {
      // Before the source map is written, so the map follows the insertions.
      compilation.hooks.processAssets.tap({ name: 'DevOneContainerPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_SIZE + 1 }, () => {
        const asset = compilation.getAsset(this.entryFile);
        if (!asset) return;
        const text = asset.source.source().toString();
        const declaration = `var ${this.globalName};`;
        if (!text.startsWith(declaration)) {
          compilation.errors.push(new WebpackError(`DevOneContainerPlugin: ${this.entryFile} does not start with "${declaration}" (a 'var' library)`));
          return;
        }
        const name = JSON.stringify(this.globalName);
        const wrapped = new sources.ReplaceSource(asset.source);
        wrapped.insert(declaration.length, `if(${key}?.[${name}])${this.globalName}=${key}[${name}];else{`);
        wrapped.insert(text.trimEnd().length, `\n;(${key}||={})[${name}]=${this.globalName}}`);
        compilation.updateAsset(this.entryFile, wrapped);
      });
    });
  }
}
