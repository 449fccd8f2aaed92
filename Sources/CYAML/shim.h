// libyaml (Debian: libyaml-dev; Homebrew: libyaml), the YAML reader the manifest is read with.
#include <yaml.h>
