/** Backend discovery: PF4J plugin jars in a plugins folder and providers on the classpath. */
package dev.perfport.core.plugin;
