/**
 * perfport's runtime entry point for library users: {@link dev.perfport.core.Perfport} opens the
 * configured device. The API that workloads and backends compile against lives in the
 * {@code perfport-core-api} artifact; this artifact ({@code perfport-runtime}) adds plugin loading,
 * configuration and the tuner.
 */
package dev.perfport.core;
