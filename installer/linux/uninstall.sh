#!/bin/sh
# Remove what install.sh put in place: the program, its command, menu entry, icons,
# AppStream data and file types. Your games and backups (~/.local/share/clabber-league) stay.
#
#   ~/.local/lib/clabber-league/uninstall.sh           (the installed copy)
#   ./uninstall.sh [--prefix DIR]                      (from the unpacked tarball)
set -eu

APP_ID=clabber-league
here=$(cd "$(dirname "$0")" && pwd)
prefix="${HOME:?HOME is not set}/.local"
quiet=""

while [ $# -gt 0 ]; do
    case "$1" in
        --prefix) [ $# -ge 2 ] || { echo "uninstall.sh: --prefix needs a folder" >&2; exit 2; }
                  prefix=$2; shift 2 ;;
        --prefix=*) prefix=${1#--prefix=}; shift ;;
        --quiet) quiet=1; shift ;;
        -h|--help) sed -n '2,7p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        *) echo "uninstall.sh: unknown option $1 (try --help)" >&2; exit 2 ;;
    esac
done
case "$prefix" in /*) ;; *) prefix="$(pwd)/$prefix" ;; esac

if [ -f "$here/installed-files" ]; then
    libdir=$here
else
    libdir="$prefix/lib/$APP_ID"
fi
manifest="$libdir/installed-files"

# Only ever delete a folder that install.sh made: it holds the list and the program.
case "$libdir" in
    */lib/"$APP_ID") ;;
    *) echo "uninstall.sh: $libdir is not an install of $APP_ID" >&2; exit 1 ;;
esac
if [ ! -f "$manifest" ] || [ ! -e "$libdir/$APP_ID" ]; then
    echo "uninstall.sh: no install of $APP_ID in $libdir" >&2
    exit 1
fi

while IFS= read -r file; do
    [ -n "$file" ] || continue
    if [ -L "$file" ] || [ -f "$file" ]; then
        rm -f "$file"
    fi
done < "$manifest"
rm -rf "$libdir"

share=$(dirname "$(dirname "$libdir")")/share
if command -v update-desktop-database >/dev/null 2>&1 && [ -d "$share/applications" ]; then
    update-desktop-database -q "$share/applications" 2>/dev/null || true
fi
if command -v update-mime-database >/dev/null 2>&1 && [ -d "$share/mime/packages" ]; then
    update-mime-database "$share/mime" 2>/dev/null || true
fi
if command -v gtk-update-icon-cache >/dev/null 2>&1 && [ -e "$share/icons/hicolor/index.theme" ]; then
    gtk-update-icon-cache -q -t -f "$share/icons/hicolor" 2>/dev/null || true
fi

[ -n "$quiet" ] || echo "Removed $APP_ID from $libdir (your games are still in ~/.local/share/$APP_ID)"
