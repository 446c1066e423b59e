import { InitialSchema1732000000000 } from "./migrations/1732000000000-InitialSchema";

/** Every migration, oldest first. The gateway runs them at start. */
export const migrations = [InitialSchema1732000000000];

export { seedDemoContent, seedImagesDir, landingIdentifiers, type ImageSaver } from "./seed";
