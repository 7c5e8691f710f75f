package sfnt

import "strings"

// The post table's glyph names (PostScript names): formats 1.0 and 2.0.
// Format 2.0 indexes the standard Macintosh glyph order (below 258) or
// its own Pascal strings; other formats carry no names.

// macGlyphOrder is the standard Macintosh glyph order of the TrueType
// post table specification (258 names).
var macGlyphOrder = strings.Fields(
	".notdef .null nonmarkingreturn space exclam quotedbl numbersign dollar percent ampersand " +
		"quotesingle parenleft parenright asterisk plus comma hyphen period slash zero one two " +
		"three four five six seven eight nine colon semicolon less equal greater question at A B C " +
		"D E F G H I J K L M N O P Q R S T U V W X Y Z bracketleft backslash bracketright " +
		"asciicircum underscore grave a b c d e f g h i j k l m n o p q r s t u v w x y z " +
		"braceleft bar braceright asciitilde Adieresis Aring Ccedilla Eacute Ntilde Odieresis " +
		"Udieresis aacute agrave acircumflex adieresis atilde aring ccedilla eacute egrave " +
		"ecircumflex edieresis iacute igrave icircumflex idieresis ntilde oacute ograve " +
		"ocircumflex odieresis otilde uacute ugrave ucircumflex udieresis dagger degree cent " +
		"sterling section bullet paragraph germandbls registered copyright trademark acute " +
		"dieresis notequal AE Oslash infinity plusminus lessequal greaterequal yen mu partialdiff " +
		"summation product pi integral ordfeminine ordmasculine Omega ae oslash questiondown " +
		"exclamdown logicalnot radical florin approxequal Delta guillemotleft guillemotright " +
		"ellipsis nonbreakingspace Agrave Atilde Otilde OE oe endash emdash quotedblleft " +
		"quotedblright quoteleft quoteright divide lozenge ydieresis Ydieresis fraction currency " +
		"guilsinglleft guilsinglright fi fl daggerdbl periodcentered quotesinglbase quotedblbase " +
		"perthousand Acircumflex Ecircumflex Aacute Edieresis Egrave Iacute Icircumflex Idieresis " +
		"Igrave Oacute Ocircumflex apple Ograve Uacute Ucircumflex Ugrave dotlessi circumflex " +
		"tilde macron breve dotaccent ring cedilla hungarumlaut ogonek caron Lslash lslash Scaron " +
		"scaron Zcaron zcaron brokenbar Eth eth Yacute yacute Thorn thorn minus multiply " +
		"onesuperior twosuperior threesuperior onehalf onequarter threequarters franc Gbreve " +
		"gbreve Idotaccent Scedilla scedilla Cacute cacute Ccaron ccaron dcroat ")

// MaxPostNames bounds the Pascal strings GlyphNames reads from a format
// 2.0 post table (the string data is further bounded by the table).
const MaxPostNames = 1 << 16

// GlyphNames returns the glyph names of f's post table, one per glyph
// (empty where the table names none), or nil when the table is absent,
// malformed or of a format without names. It reads only within the table
// and allocates in proportion to the font's glyph count and the table.
func GlyphNames(f *Font) []string {
	return PostGlyphNames(f.Table(MakeTag("post")), f.NumGlyphs())
}

// PostGlyphNames is GlyphNames for a post table t and n glyphs.
func PostGlyphNames(t []byte, n int) []string {
	if len(t) < 32 || n <= 0 {
		return nil
	}
	version := uint32(t[0])<<24 | uint32(t[1])<<16 | uint32(t[2])<<8 | uint32(t[3])
	switch version {
	case 0x00010000:
		if n > len(macGlyphOrder) {
			n = len(macGlyphOrder)
		}
		return append([]string(nil), macGlyphOrder[:n]...)
	case 0x00020000:
	default:
		return nil
	}
	if len(t) < 34 {
		return nil
	}
	count := int(uint16(t[32])<<8 | uint16(t[33]))
	p := 34
	if p+2*count > len(t) {
		return nil
	}
	idx := t[p : p+2*count]
	p += 2 * count
	// the Pascal strings, in order
	var extra []string
	for p < len(t) && len(extra) < MaxPostNames {
		l := int(t[p])
		if p+1+l > len(t) {
			break
		}
		extra = append(extra, string(t[p+1:p+1+l]))
		p += 1 + l
	}
	if count < n {
		n = count
	}
	names := make([]string, n)
	for i := range names {
		k := int(uint16(idx[2*i])<<8 | uint16(idx[2*i+1]))
		switch {
		case k < len(macGlyphOrder):
			names[i] = macGlyphOrder[k]
		case k-len(macGlyphOrder) < len(extra):
			names[i] = extra[k-len(macGlyphOrder)]
		}
	}
	return names
}
