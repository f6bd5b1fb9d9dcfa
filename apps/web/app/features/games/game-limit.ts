// The game limit reached modal's helpers live with the limits (features/limits/game-limit.ts), so
// our originals' interfaces (features/originals) can use them without depending on the lobby.
export * from "#app/features/limits/game-limit.ts";
