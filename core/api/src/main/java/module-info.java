/**
 * perfport's API: what workloads and backends compile against. It requires nothing beyond
 * {@code java.base}, which this descriptor enforces when the module compiles; the runtime
 * (plugin loading, configuration, the tuner) is a separate artifact that depends on it.
 */
module dev.perfport.core.api {
    exports dev.perfport.core.backend;
    exports dev.perfport.core.checked;
    exports dev.perfport.core.device;
    exports dev.perfport.core.error;
    exports dev.perfport.core.files;
    exports dev.perfport.core.kernel;
    exports dev.perfport.core.lazy;
    exports dev.perfport.core.launch;
    exports dev.perfport.core.memory;
    exports dev.perfport.core.result;
    exports dev.perfport.core.transfer;
    exports dev.perfport.core.tune;
    exports dev.perfport.core.wg;

    uses dev.perfport.core.kernel.KernelLibrary;
}
