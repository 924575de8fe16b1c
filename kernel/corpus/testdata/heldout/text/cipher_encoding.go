// Caesar and ROT13 ciphers plus base64 (std/URL/raw) and hex encoding and decoding.
package main

import (
	"encoding/base64"
	"encoding/hex"
	"fmt"
	"strings"
)

func caesar(s string, shift int) string {
	shift = (shift%26 + 26) % 26
	return strings.Map(func(r rune) rune {
		switch {
		case r >= 'a' && r <= 'z':
			return 'a' + (r-'a'+rune(shift))%26
		case r >= 'A' && r <= 'Z':
			return 'A' + (r-'A'+rune(shift))%26
		}
		return r
	}, s)
}

func rot13(s string) string { return caesar(s, 13) }

func crack(cipherText, knownWord string) int {
	for shift := 0; shift < 26; shift++ {
		if strings.Contains(caesar(cipherText, -shift), knownWord) {
			return shift
		}
	}
	return -1
}

func main() {
	plain := "Attack at Dawn, Gophers!"
	enc := caesar(plain, 3)
	fmt.Println("caesar +3:", enc)
	fmt.Println("caesar -3:", caesar(enc, -3))
	fmt.Println("shift 29 == shift 3:", caesar(plain, 29) == enc)
	fmt.Println("rot13:", rot13("Hello, World"))
	fmt.Println("rot13 twice:", rot13(rot13("Hello, World")))
	secret := caesar("the meeting is at noon", 11)
	fmt.Println("secret:", secret, "-> cracked shift:", crack(secret, "meeting"))

	data := []byte("Go is fun! ~?>")
	std := base64.StdEncoding.EncodeToString(data)
	url := base64.URLEncoding.EncodeToString(data)
	raw := base64.RawStdEncoding.EncodeToString(data)
	fmt.Println("std:", std)
	fmt.Println("url:", url)
	fmt.Println("raw:", raw)
	decoded, err := base64.StdEncoding.DecodeString(std)
	fmt.Printf("decoded: %q err=%v\n", decoded, err)
	_, err = base64.StdEncoding.DecodeString("not*valid")
	fmt.Println("error:", err)
	for _, s := range []string{"", "f", "fo", "foo", "foob"} {
		fmt.Printf("%-6q -> %q\n", s, base64.StdEncoding.EncodeToString([]byte(s)))
	}

	h := hex.EncodeToString([]byte("Hi\x00\xff"))
	fmt.Println("hex:", h)
	back, err := hex.DecodeString("476f7068657221")
	fmt.Printf("from hex: %s err=%v\n", back, err)
	_, err = hex.DecodeString("abc")
	fmt.Println("error:", err)
	_, err = hex.DecodeString("zz")
	fmt.Println("error:", err)
	fmt.Print(hex.Dump([]byte("encoding/hex dump!")))
	fmt.Printf("%x %X % x\n", "hey", []byte{1, 171, 255}, "ok")
}

// Output:
// caesar +3: Dwwdfn dw Gdzq, Jrskhuv!
// caesar -3: Attack at Dawn, Gophers!
// shift 29 == shift 3: true
// rot13: Uryyb, Jbeyq
// rot13 twice: Hello, World
// secret: esp xppetyr td le yzzy -> cracked shift: 11
// std: R28gaXMgZnVuISB+Pz4=
// url: R28gaXMgZnVuISB-Pz4=
// raw: R28gaXMgZnVuISB+Pz4
// decoded: "Go is fun! ~?>" err=<nil>
// error: illegal base64 data at input byte 3
// ""     -> ""
// "f"    -> "Zg=="
// "fo"   -> "Zm8="
// "foo"  -> "Zm9v"
// "foob" -> "Zm9vYg=="
// hex: 486900ff
// from hex: Gopher! err=<nil>
// error: encoding/hex: odd length hex string
// error: encoding/hex: invalid byte: U+007A 'z'
// 00000000  65 6e 63 6f 64 69 6e 67  2f 68 65 78 20 64 75 6d  |encoding/hex dum|
// 00000010  70 21                                             |p!|
// 686579 01ABFF 6f 6b
