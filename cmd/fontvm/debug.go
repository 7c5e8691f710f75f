package main

import (
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"time"

	"golang.org/x/image/font/gofont/goregular"

	"fontvm/internal/debugui"
)

var debugStdout io.Writer = os.Stdout

// init registers the "fontvm debug" (runDebug) command in the command
// table (see register).
func init() {
	register("", "debug", "serve a hinting and shaping debugger in the browser (first line: its URL)", runDebug)
}

// runDebug is fontvm debug [FONT] [--addr 127.0.0.1:0]: it serves the
// debugger of package debugui until interrupted, on the loopback interface
// unless --addr says otherwise. Without a font it debugs the Go Regular
// font built into the binary.
func runDebug(args []string) error {
	fs := newFlagSet("debug")
	addr := fs.String("addr", "127.0.0.1:0", "`host:port` to listen on (port 0: any free port)")
	pos, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	if len(pos) > 1 {
		return usagef("usage: fontvm debug [FONT] [--addr 127.0.0.1:0]")
	}
	name, data := "Go-Regular.ttf (built in)", goregular.TTF
	if len(pos) == 1 {
		if data, err = os.ReadFile(pos[0]); err != nil {
			return err
		}
		name = filepath.Base(pos[0])
	}
	srv, err := debugui.New(name, data)
	if err != nil {
		return fmt.Errorf("%s: %w", name, err)
	}
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		return err
	}
	fmt.Fprintf(debugStdout, "http://%s/\n", ln.Addr())
	hs := &http.Server{Handler: srv.Handler(), ReadHeaderTimeout: 10 * time.Second}
	return hs.Serve(ln)
}
