#!/bin/sh
# Install Clabber League for the current user: no Python, no root.
#
#   ./install.sh [--prefix DIR]     (default: ~/.local)
#
# Puts the program in DIR/lib/clabber-league, a command in DIR/bin, and the menu
# entry, icons, AppStream data and file types under DIR/share, so the desktop's menu
# lists "Clabber League" with its icon and its league and game files open in it. DIR/lib/clabber-league/uninstall.sh removes it all
# again (your games stay in ~/.local/share/clabber-league).
set -eu

APP_ID=clabber-league
here=$(cd "$(dirname "$0")" && pwd)
prefix="${HOME:?HOME is not set}/.local"

while [ $# -gt 0 ]; do
    case "$1" in
        --prefix) [ $# -ge 2 ] || { echo "install.sh: --prefix needs a folder" >&2; exit 2; }
                  prefix=$2; shift 2 ;;
        --prefix=*) prefix=${1#--prefix=}; shift ;;
        -h|--help) sed -n '2,10p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        *) echo "install.sh: unknown option $1 (try --help)" >&2; exit 2 ;;
    esac
done
case "$prefix" in /*) ;; *) prefix="$(pwd)/$prefix" ;; esac

[ -x "$here/$APP_ID/$APP_ID" ] || { echo "install.sh: $here/$APP_ID/$APP_ID is missing" >&2; exit 1; }

libdir="$prefix/lib/$APP_ID"
bindir="$prefix/bin"
share="$prefix/share"
manifest="$libdir/installed-files"

# The bundle carries Python, Qt and every library but the graphics stack and the font
# configuration, which must match the machine's own (TECH_NOTES: without them Qt stops
# with "libGL.so.1" or "libEGL.so.1" missing, or draws all text as boxes).
missing=""
have_library() { (ldconfig -p || /sbin/ldconfig -p) 2>/dev/null | grep -q "$1" || [ -e "/usr/lib/x86_64-linux-gnu/$1" ] || [ -e "/usr/lib64/$1" ]; }
have_library libGL.so.1 || missing="$missing libgl1"
have_library libEGL.so.1 || missing="$missing libegl1"
[ -e /etc/fonts/fonts.conf ] || missing="$missing fontconfig-config"
if ! ls /usr/share/fonts/truetype/dejavu/DejaVuSans.ttf >/dev/null 2>&1 \
    && ! ls /usr/share/fonts/*/*.ttf /usr/share/fonts/*/*/*.ttf >/dev/null 2>&1; then
    missing="$missing fonts-dejavu-core"
fi
if [ -n "$missing" ]; then
    echo "Note: Clabber League needs these system packages, which seem to be missing:"
    echo "    sudo apt-get install$missing     (Debian, Ubuntu)"
    echo "    sudo dnf install mesa-libGL mesa-libEGL fontconfig dejavu-sans-fonts   (Fedora)"
fi

# An older copy goes first, through its own list of files.
if [ -x "$libdir/uninstall.sh" ]; then
    "$libdir/uninstall.sh" --quiet
fi

mkdir -p "$libdir" "$bindir" "$share/applications" "$share/metainfo" "$share/mime/packages"
cp -RP "$here/$APP_ID/." "$libdir/"
cp "$here/uninstall.sh" "$libdir/uninstall.sh"
chmod 755 "$libdir/uninstall.sh" "$libdir/$APP_ID"
: > "$manifest"

installed() { echo "$1" >> "$manifest"; }

ln -sf "$libdir/$APP_ID" "$bindir/$APP_ID"
installed "$bindir/$APP_ID"

# The menu entry runs the program by its full path: ~/.local/bin is not on every
# desktop session's PATH; %f is the file the file manager opens with it. Exec quoting
# per the Desktop Entry Specification.
exec_path=$(printf '%s' "$libdir/$APP_ID" | sed 's/[\\"`$]/\\\\&/g')
desktop="$share/applications/$APP_ID.desktop"
while IFS= read -r line || [ -n "$line" ]; do
    case "$line" in
        Exec=*) printf 'Exec="%s" %%f\n' "$exec_path" ;;
        TryExec=*) printf 'TryExec=%s\n' "$libdir/$APP_ID" ;;
        *) printf '%s\n' "$line" ;;
    esac
done < "$here/share/applications/$APP_ID.desktop" > "$desktop"
chmod 644 "$desktop"
installed "$desktop"

for metainfo in "$here"/share/metainfo/*.metainfo.xml; do
    cp "$metainfo" "$share/metainfo/"
    installed "$share/metainfo/$(basename "$metainfo")"
done

# The league and game file types (freedesktop shared-mime-info).
for package in "$here"/share/mime/packages/*.xml; do
    cp "$package" "$share/mime/packages/"
    installed "$share/mime/packages/$(basename "$package")"
done

(cd "$here/share/icons" && find hicolor -type f) | while IFS= read -r icon; do
    mkdir -p "$share/icons/$(dirname "$icon")"
    cp "$here/share/icons/$icon" "$share/icons/$icon"
    installed "$share/icons/$icon"
done

# Tell the desktop (where the tools exist; a missing one is no error).
if command -v update-desktop-database >/dev/null 2>&1; then
    update-desktop-database -q "$share/applications" 2>/dev/null || true
fi
if command -v update-mime-database >/dev/null 2>&1; then
    update-mime-database "$share/mime" 2>/dev/null || true
fi
if command -v gtk-update-icon-cache >/dev/null 2>&1 && [ -e "$share/icons/hicolor/index.theme" ]; then
    gtk-update-icon-cache -q -t -f "$share/icons/hicolor" 2>/dev/null || true
fi
touch "$share/icons/hicolor" 2>/dev/null || true

version=$("$libdir/$APP_ID" --version 2>/dev/null || echo "$APP_ID")
echo "Installed $version in $libdir"
echo "Start it from the menu (Games → Clabber League) or with: $bindir/$APP_ID"
case ":${PATH:-}:" in
    *":$bindir:"*) ;;
    *) echo "($bindir is not on your PATH: add it to run $APP_ID by name.)" ;;
esac
echo "Remove it with: $libdir/uninstall.sh"
