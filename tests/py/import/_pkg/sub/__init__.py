from ..mod_b import b as bb
