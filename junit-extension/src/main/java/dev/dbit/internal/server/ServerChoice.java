package dev.dbit.internal.server;

import dev.dbit.internal.config.ProviderKind;

/**
 * The provider dbit settled on and why, printed once per run.
 *
 * @param kind never {@link ProviderKind#AUTO}
 * @param reason why this provider was chosen, for humans
 */
public record ServerChoice(ProviderKind kind, String reason) {}
