package dev.perfport.core.launch;

/**
 * A launch that passed validation, with the memory it needs.
 *
 * @param launch            the launch
 * @param localBytes        local memory per work-group: LOCAL arguments plus the kernel's own declarations
 * @param staticLocalBytes  static local memory per compute unit
 * @param residency         the residency query's answer for this launch (0 when not asked)
 */
public record ValidatedLaunch(Launch launch, long localBytes, long staticLocalBytes, int residency) {
}
