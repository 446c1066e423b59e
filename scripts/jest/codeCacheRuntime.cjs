// Jest's module runtime with V8's code cache kept between the test files a worker runs.
//
// Jest evaluates every module afresh for each test file (its isolation), and compiles each one anew: the gateway and the
// admin load a few thousand modules per file (Apollo, TypeORM, react-admin, MUI), so compiling was a fifth to a quarter
// of each file's CPU. Here each module is compiled as a script whose code cache, taken once the file has run (the
// functions it called compiled too), serves the next file's compilation of the same source in this worker. Only the
// compilation is shared: each file still runs every module in its own context, so isolation is unchanged.
const vm = require("node:vm");
const Runtime = require("jest-runtime").default ?? require("jest-runtime");

/** filename -> { source, data }: the code cache of the source last compiled under that name in this worker. */
const codeCaches = new Map();

class CodeCacheRuntime extends Runtime {
  /** Scripts compiled without a usable cache in this test file: their caches are taken at its end. */
  uncached = [];

  createScriptFromCode(source, filename) {
    const context = this._environment.getVmContext();
    if (context == null || this._resolver.isCoreModule(filename)) return super.createScriptFromCode(source, filename);
    const cached = codeCaches.get(filename);
    // The wrapper Jest itself used before compileFunction: the module's lines keep their numbers.
    const script = new vm.Script(`({"Object.<anonymous>":function(${this.constructInjectedModuleParameters().join(",")}){${source}\n}});`, {
      filename,
      cachedData: cached?.source === source ? cached.data : undefined,
      importModuleDynamically: async (specifier) => this.linkAndEvaluateModule(await this.resolveModule(specifier, filename, context)),
    });
    if (cached?.source !== source || script.cachedDataRejected) this.uncached.push({ filename, source, script });
    return script.runInContext(context)["Object.<anonymous>"];
  }

  teardown() {
    for (const { filename, source, script } of this.uncached) codeCaches.set(filename, { source, data: script.createCachedData() });
    this.uncached = [];
    return super.teardown();
  }
}

module.exports = CodeCacheRuntime;
