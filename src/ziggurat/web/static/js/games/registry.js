// One renderer per game, by game id; "generic" draws any other game as buttons.

import faiths from "./faiths.js";
import generic from "./generic.js";
import zealous from "./zealous.js";
import zenith from "./zenith.js";
import zombology from "./zombology.js";

export const RENDERERS = { zealous, faiths, zombology, zenith, generic };
